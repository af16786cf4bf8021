import {
  createTestRoom,
  deleteTestRooms,
  expect,
  expectToast,
  pageScrollWidth,
  resetRateLimits,
  skipCookieBanner,
  sql,
  test,
  uniqueEmail,
  uniqueTag,
} from './fixtures';

// Issue 41 §5, end to end: a French guest on a 375 px phone finds "Allemagne" (the police table
// says GERMANIA) and "Passeport" (PASSAPORTO ORDINARIO), works a picker with the keyboard alone,
// is refused an invisible character in the name with the message of every text, and completes the
// check-in; the list of places never covers the field under it.

const GERMANIA = '100000216';
const FRANCIA = '100000215';

test('a French guest at 375 px finds "Allemagne" and "Passeport" and completes check-in', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const room = await createTestRoom(tag);
  const [stay] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
       guest_language)
     values ($1, $2, $3, (now() at time zone 'Europe/Rome')::date + 3, (now() at time zone 'Europe/Rome')::date + 5, 1,
       'confirmed', 'fr')
     returning id::text, reference`,
    [room.id, `Anna Müller ${tag}`, uniqueEmail('e2e-checkin-fr')],
  );
  const [{ token }] = await sql<{ token: string }>(
    'select private.issue_booking_token(b) as token from public.bookings b where b.id = $1',
    [stay.id],
  );
  await resetRateLimits();

  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'fr-FR' });
  const phone = await context.newPage();
  try {
    await skipCookieBanner(phone);
    await phone.goto(`${process.env.E2E_BASE_URL}/fr/booking/${stay.reference}?token=${token}`);
    await phone.getByRole('button', { name: "Faire l'enregistrement en ligne" }).click();
    await phone.getByLabel('Type de voyageur').selectOption({ label: 'Voyageur seul' });
    await phone.getByLabel('Sexe').selectOption({ label: 'Femme' });
    await phone.getByLabel('Nom de famille').fill('Mül\u202Eler');
    await phone.getByLabel('Prénom(s)').fill('Anna');
    await phone.getByLabel('Date de naissance').fill('1990-06-02');

    // the country of birth with the keyboard alone: type, the list opens in the page's flow, Enter picks
    const birth = phone.getByRole('combobox', { name: 'Pays de naissance' });
    await birth.fill('Allemagne');
    const list = phone.getByRole('listbox', { name: 'Lieux trouvés' });
    const germany = list.getByRole('option', { name: 'Allemagne (GERMANIA)' });
    await expect(germany).toBeVisible();
    await expect(birth).toHaveAttribute('aria-expanded', 'true');
    await expect(birth).toHaveAttribute('aria-activedescendant', (await germany.getAttribute('id'))!);
    // the open list pushes the next field down: it never covers it
    const listBox = (await list.boundingBox())!;
    const next = (await phone.locator('[data-field="citizenship"]').boundingBox())!;
    expect(listBox.y + listBox.height).toBeLessThanOrEqual(next.y);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(375);
    await birth.press('Enter');
    await expect(phone.locator('[data-field="birth_state"] [data-place-code]')).toHaveAttribute(
      'data-place-code',
      GERMANIA,
    );
    // the choice takes the focus: its button changes it
    await expect(phone.getByRole('button', { name: 'Modifier Allemagne' })).toBeFocused();
    // born abroad: no comune asked
    await expect(phone.getByLabel('Commune de naissance (Italie)')).toHaveCount(0);

    // the same country under its English name and in Italian, with the mouse
    await phone.getByRole('combobox', { name: 'Nationalité' }).fill('Germany');
    await phone.getByRole('option', { name: 'Allemagne (GERMANIA)' }).click();
    await phone.getByRole('combobox', { name: 'Pays de résidence' }).fill('franc');
    await phone.getByRole('option', { name: 'France (FRANCIA)' }).click();
    await expect(phone.locator('[data-field="residence_state"] [data-place-code]')).toHaveAttribute(
      'data-place-code',
      FRANCIA,
    );

    // the document in French, the police code behind it
    const documentType = phone.getByLabel("Pièce d'identité");
    await documentType.selectOption({ label: 'Passeport' });
    await expect(documentType).toHaveValue('PASOR');
    await phone.getByLabel('Numéro du document').fill('c01x00t47');
    await phone.getByRole('combobox', { name: 'Lieu de délivrance' }).fill('Germania');
    await phone.getByRole('option', { name: 'Allemagne (GERMANIA)' }).click();
    expect(await pageScrollWidth(phone)).toBeLessThanOrEqual(375);

    // an invisible bidi character: refused with the message of every text, nothing saved
    await phone.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    const surname = phone.locator('[data-field="surname"]');
    await expect(surname).toContainText('Votre texte contient des caractères non autorisés');
    expect(await sql('select 1 from public.booking_guests where booking_id = $1', [stay.id])).toHaveLength(0);

    await phone.getByLabel('Nom de famille').fill('Müller');
    await phone.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expectToast(phone, 'Informations enregistrées');
    await expect(
      phone.getByRole('status').filter({ hasText: 'Vos informations sont complètes. Merci !' }),
    ).toBeVisible();
    const [row] = await sql<{ birth: string; citizenship: string; document: string; issued: string; number: string }>(
      `select birth_state_code as birth, citizenship_code as citizenship, document_type_code as document,
         document_issue_place_code as issued, document_number as number
       from public.booking_guests where booking_id = $1`,
      [stay.id],
    );
    expect(row).toEqual({
      birth: GERMANIA,
      citizenship: GERMANIA,
      document: 'PASOR',
      issued: GERMANIA,
      number: 'C01X00T47',
    });
  } finally {
    await context.close();
    await sql('delete from public.booking_guests where booking_id = $1', [stay.id]);
    await sql('delete from public.bookings where id = $1', [stay.id]);
    await deleteTestRooms({ ids: [room.id] });
  }
});
