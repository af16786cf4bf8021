import { render, screen } from '@testing-library/react';
import { Field, FieldControl } from './form-field';
import { Input } from './input';

describe('Field', () => {
  it('ties the label to the control by one id', () => {
    render(
      <Field id="guest-email" label="Email">
        <FieldControl>
          <Input type="email" />
        </FieldControl>
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('id', 'guest-email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('marks the control invalid and describes it by the message', () => {
    render(
      <Field label="Name" error="Name is required">
        <FieldControl>
          <Input />
        </FieldControl>
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');
  });

  it('keeps a control’s own description while there is no error', () => {
    render(
      <>
        <p id="note">Shown on the site</p>
        <Field label="Title">
          <FieldControl>
            <Input aria-describedby="note" />
          </FieldControl>
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Shown on the site');
  });

  it('adds the error to a control’s own description', () => {
    render(
      <>
        <p id="note">Shown on the site</p>
        <Field label="Title" error="Title is required">
          <FieldControl>
            <Input aria-describedby="note" />
          </FieldControl>
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Shown on the site Title is required');
  });
});
