import { Plural, Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { NoticeFacts } from '../logic/notice';

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="mt-2 space-y-2 text-muted-foreground">{children}</div>
    </section>
  );
}

/**
 * What the house keeps about its guests, why, for how long and whom to ask. Every period is read
 * from the settings the scheduler applies, so the notice and the practice never differ.
 */
export function PrivacyNotice({ facts }: { facts: NoticeFacts }) {
  const { email, address, stayYears, messageMonths, documentDays } = facts;
  const mail = (
    <a href={`mailto:${email}`} className="text-primary underline">
      {email}
    </a>
  );
  return (
    <article className="container max-w-3xl py-12">
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">
        <Trans>Privacy notice</Trans>
      </h1>
      <p className="mt-4 text-muted-foreground">
        <Trans>
          Colosseum Guest House, {address}, is responsible for the personal data described here. For anything about your
          data, write to {mail}.
        </Trans>
      </p>

      <Section title={<Trans>What we keep and why</Trans>}>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <Trans>
              Your request and stay: name, e-mail, phone, dates, room, number of guests and any requests. We need them
              to answer you, run your stay and send you the e-mails about it.
            </Trans>
          </li>
          <li>
            <Trans>
              At check-in, for each guest: name, sex, date and place of birth, citizenship, residence and, for the
              person in charge of the booking, an identity document. Italian law requires us to report every guest to
              the police (Alloggiati Web, art. 109 TULPS); the same data give the city-tax exemptions and the statistics
              owed to ISTAT.
            </Trans>
          </li>
          <li>
            <Trans>
              Amounts paid, dates and country of residence, for our accounts, Rome&apos;s city-tax register and the
              tourism statistics.
            </Trans>
          </li>
          <li>
            <Trans>Messages sent through the contact form, to answer them.</Trans>
          </li>
          <li>
            <Trans>Reviews you write after a stay; we publish them with the name you give once approved.</Trans>
          </li>
        </ul>
      </Section>

      <Section title={<Trans>How long we keep it</Trans>}>
        <ul className="list-disc space-y-2 pl-5">
          <li data-testid="privacy-stay-years">
            <Trans>
              Names, e-mail addresses, phone numbers and requests are anonymised{' '}
              <Plural value={stayYears} one="# year" other="# years" /> after departure.
            </Trans>
          </li>
          {documentDays !== null && (
            <li data-testid="privacy-document-days">
              <Trans>
                Identity document numbers are erased <Plural value={documentDays} one="# day" other="# days" /> after
                departure.
              </Trans>
            </li>
          )}
          <li>
            <Trans>
              Amounts, dates and country of residence stay in our books and statistics, without your name once it has
              been anonymised.
            </Trans>
          </li>
          <li data-testid="privacy-message-months">
            <Trans>
              Contact-form messages are deleted <Plural value={messageMonths} one="# month" other="# months" /> after
              they arrive.
            </Trans>
          </li>
        </ul>
      </Section>

      <Section title={<Trans>Who else sees it</Trans>}>
        <p>
          <Trans>
            Only our staff. Identity data go to the State Police through Alloggiati Web, as the law requires. Roma
            Capitale and ISTAT receive totals only, never your name. Our hosting and e-mail providers process data on
            our behalf and for no other purpose.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>Your rights</Trans>}>
        <p>
          <Trans>
            You may ask for a copy of your data, have it corrected, or have it erased once your stay is over (except
            what the law obliges us to keep). Write to {mail}: we answer within one month. You may also complain to the
            Garante per la protezione dei dati personali (garanteprivacy.it).
          </Trans>
        </p>
      </Section>
    </article>
  );
}
