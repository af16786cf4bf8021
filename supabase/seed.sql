-- Local demo data (never deployed). Runs after the migrations on `npm run db:reset`.
-- Dates are relative to current_date so the data stays meaningful.
--
-- Fixed ids (tests may rely on them):
--   users  admin@example.com / admin-demo-2026   00000000-0000-4000-8000-0000000000a1  role admin
--          staff@example.com / staff-demo-2026   00000000-0000-4000-8000-0000000000a2  role staff
--          guest@example.com / guest-demo-2026   00000000-0000-4000-8000-0000000000a3  no role
--          mfa-admin@example.com / mfa-admin-demo-2026  00000000-0000-4000-8000-0000000000a4  role admin,
--            with a verified TOTP factor (00000000-0000-4000-8000-0000000000f4) whose secret is
--            JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP (npm start prints it): signs in with password and code
--          housekeeping@example.com / housekeeping-demo-2026  00000000-0000-4000-8000-0000000000a5  role housekeeping
--            (the cleaner: /admin/housekeeping only)
--   two factors: not required of staff here (public.auth_settings), so the other demo accounts sign
--          in with their passwords; a hosted project requires them (the migration's default)
--   rooms  10000000-0000-4000-8000-000000000001  Superior King       101  elegant  €145  2 guests  available
--          10000000-0000-4000-8000-000000000002  Deluxe King         102  deluxe   €165  2 guests  available
--          10000000-0000-4000-8000-000000000003  Standard King       103  classic  €110  2 guests  available
--          10000000-0000-4000-8000-000000000004  Superior Quadruple  201  suite    €210  4 guests  available
--          10000000-0000-4000-8000-000000000005  Cozy Single         202  single   €85   1 guest   occupied
--          10000000-0000-4000-8000-000000000006  Classic Twin        203  twin     €120  2 guests  maintenance
--          10000000-0000-4000-8000-000000000007  Romantic Suite      301  romantic €240  2 guests  available
--   bookings 20000000-0000-4000-8000-0000000000NN (see below); every seeded booking lies within
--          current_date - 30 .. current_date + 60, so tests should book from current_date + 90 on.
--
-- Promo codes (every code belongs to one room; check_promo_code(code, room) for that room):
--   ROMA10       Superior King       10%  valid (until +180 days, unlimited)        -> valid
--   COLOSSEO20   Deluxe King         20%  valid (until +90 days, 1 of 50 used)      -> valid
--   LASTONE15    Standard King       15%  valid, 4 of 5 used: one use left          -> valid, then limit_reached
--   QUAD12       Superior Quadruple  12%  valid, room-restricted demo: for any other room -> not_found
--                                          (request_booking: 'This promo code is not valid for the selected room.')
--   EARLYBIRD25  Superior King       25%  valid_from = +30 days                      -> not_yet_valid
--   ESTATE15     Standard King       15%  valid_until = yesterday                    -> expired
--   FULLHOUSE30  Superior Quadruple  30%  10 of 10 used                              -> limit_reached
--   OLDPROMO50   Deluxe King         50%  is_active = false                          -> not_found (invisible)
--   Built-in fallbacks (no row): SAVE15 15%, WINTER20 20%, WELCOME10 10%           -> valid
--
-- Rate seasons: Christmas, winter low season and Easter for every available room (see below).

-- ---------------------------------------------------------------- accounts
-- As the auth server writes them (GoTrue reads the token columns as strings, never NULL), each with
-- its `email` identity, so they sign in on hosted Supabase, `supabase start` and preview branches too.
-- The on_auth_user_created trigger creates each profile.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                        confirmation_token, recovery_token, email_change_token_new, email_change,
                        email_change_token_current, reauthentication_token, phone_change, phone_change_token,
                        is_super_admin, is_sso_user, is_anonymous)
select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
       extensions.crypt(u.password, extensions.gen_salt('bf')), now(),
       '{"provider":"email","providers":["email"]}', u.meta::jsonb, now() - u.age, now(),
       '', '', '', '', '', '', '', '', false, false, false
from (values
  ('00000000-0000-4000-8000-0000000000a1'::uuid, 'admin@example.com', 'admin-demo-2026', '{"name":"Giulia Rossi"}', interval '120 days'),
  ('00000000-0000-4000-8000-0000000000a2'::uuid, 'staff@example.com', 'staff-demo-2026', '{"name":"Marco Bianchi"}', interval '90 days'),
  ('00000000-0000-4000-8000-0000000000a3'::uuid, 'guest@example.com', 'guest-demo-2026', '{}', interval '10 days'),
  ('00000000-0000-4000-8000-0000000000a4'::uuid, 'mfa-admin@example.com', 'mfa-admin-demo-2026', '{"name":"Sofia Conti"}', interval '60 days'),
  ('00000000-0000-4000-8000-0000000000a5'::uuid, 'housekeeping@example.com', 'housekeeping-demo-2026', '{"name":"Rosa Esposito"}', interval '45 days')
) as u (id, email, password, meta, age);

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', null, u.created_at, u.created_at
from auth.users u
where u.id in ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2',
               '00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-0000000000a4',
               '00000000-0000-4000-8000-0000000000a5');

update public.profiles p set created_at = u.created_at
from auth.users u where u.id = p.user_id;

insert into public.user_roles (user_id, role) values
  ('00000000-0000-4000-8000-0000000000a1', 'admin'),
  ('00000000-0000-4000-8000-0000000000a2', 'staff'),
  ('00000000-0000-4000-8000-0000000000a4', 'admin'),
  ('00000000-0000-4000-8000-0000000000a5', 'housekeeping');

-- The demo admin's authenticator (local only: the secret is public; npm start prints it). Add it
-- to an authenticator app by its secret.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000000a4', 'Demo authenticator',
        'totp', 'verified', now() - interval '60 days', now() - interval '60 days', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

-- Two factors are required of staff on a hosted project (the migrations' default); not here, so the
-- demo accounts without a factor keep signing in with their passwords.
update public.auth_settings set require_staff_mfa = false where singleton;

-- ---------------------------------------------------------------- rooms
insert into public.rooms (id, name, room_number, room_type, status, description, price_per_night, max_guests, beds, bathrooms, amenities) values
  ('10000000-0000-4000-8000-000000000001', 'Superior King', '101', 'elegant', 'available',
   'A bright 25 m² room with a king-size bed, warm terracotta tones and a window over the quiet inner courtyard. '
   'Original wooden beams, a rain shower and blackout curtains make it an easy base for long days of walking; '
   'the Colosseum is five minutes away on foot.',
   145.00, 2, 1, 1,
   array['WiFi', 'Air Conditioning', 'TV', 'Safe', 'Shower', 'Hair Dryer', 'Heating']),
  ('10000000-0000-4000-8000-000000000002', 'Deluxe King', '102', 'deluxe', 'available',
   'Our most spacious double at 35 m²: a king-size bed, a small sitting corner with an armchair and reading lamp, '
   'and a marble bathroom with a deep bathtub. Tall windows look towards the rooftops of Monti; on clear evenings '
   'you can hear the bells of San Pietro in Vincoli.',
   165.00, 2, 1, 1,
   array['WiFi', 'Air Conditioning', 'TV', 'Mini Bar', 'Safe', 'City View', 'Bathtub', 'Hair Dryer', 'Heating']),
  ('10000000-0000-4000-8000-000000000003', 'Standard King', '103', 'classic', 'available',
   'A cosy 20 m² room with a king-size bed, a writing desk and a modern shower room. Simple, quiet and well kept: '
   'the sensible choice for travellers who spend the day out in the city and want a comfortable bed at night.',
   110.00, 2, 1, 1,
   array['WiFi', 'Air Conditioning', 'TV', 'Shower', 'Hair Dryer']),
  ('10000000-0000-4000-8000-000000000004', 'Superior Quadruple', '201', 'suite', 'available',
   'A 30 m² family room with one king-size bed and two single beds, plenty of wardrobe space and a bathroom with '
   'a walk-in shower. Ideal for families or friends travelling together; a cot is available on request.',
   210.00, 4, 3, 1,
   array['WiFi', 'Air Conditioning', 'TV', 'Safe', 'Shower', 'Hair Dryer', 'Telephone', 'Heating']),
  ('10000000-0000-4000-8000-000000000005', 'Cozy Single', '202', 'single', 'occupied',
   'A compact single room for the solo traveller, with a comfortable French bed, a small desk and a private shower '
   'room. Facing the courtyard, so nights are quiet even in high season.',
   85.00, 1, 1, 1,
   array['WiFi', 'Air Conditioning', 'Shower', 'Hair Dryer']),
  ('10000000-0000-4000-8000-000000000006', 'Classic Twin', '203', 'twin', 'maintenance',
   'Two single beds that can be joined on request, a vaulted ceiling and a view over Via dei Serpenti. The room is '
   'being repainted this month and will be back soon.',
   120.00, 2, 2, 1,
   array['WiFi', 'Air Conditioning', 'TV', 'City View', 'Shower']),
  ('10000000-0000-4000-8000-000000000007', 'Romantic Suite', '301', 'romantic', 'available',
   'Our top-floor suite with a canopy king-size bed, a private balcony with a glimpse of the Colosseum and a '
   'free-standing bathtub. A bottle of Prosecco waits on arrival for anniversaries and honeymoons.',
   240.00, 2, 1, 1,
   array['WiFi', 'Air Conditioning', 'TV', 'Mini Bar', 'Safe', 'Balcony', 'City View', 'Bathtub', 'Room Service']);

-- The room facts (the spec's fixed data: Superior King 25 m², Deluxe King 35, Standard King 20,
-- Superior Quadruple 30 with 2 single beds and 1 king); their Italian and French words are with
-- the translations below.
update public.rooms r set size_m2 = f.size_m2, bed_layout = f.bed_layout, view = f.view from (values
  ('10000000-0000-4000-8000-000000000001', 25, '1 king bed', 'Courtyard View'),
  ('10000000-0000-4000-8000-000000000002', 35, '1 king bed', 'City View'),
  ('10000000-0000-4000-8000-000000000003', 20, '1 king bed', null),
  ('10000000-0000-4000-8000-000000000004', 30, '2 single beds and 1 king bed', null),
  ('10000000-0000-4000-8000-000000000005', 14, '1 French bed', 'Courtyard View'),
  ('10000000-0000-4000-8000-000000000006', 22, '2 single beds', 'Street View'),
  ('10000000-0000-4000-8000-000000000007', 40, '1 king canopy bed', 'Colosseum View')
) as f(id, size_m2, bed_layout, view) where r.id = f.id::uuid;

-- ---------------------------------------------------------------- promo codes (see the table at the top)
insert into public.room_promo_codes (id, room_id, promo_code, discount_percentage, is_active, valid_from, valid_until, max_uses, current_uses, description) values
  ('30000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'ROMA10', 10, true,
   current_date - 30, current_date + 180, null, 1, 'Welcome to Rome: 10% off the Superior King.'),
  ('30000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000002', 'COLOSSEO20', 20, true,
   null, current_date + 90, 50, 1, 'Autumn offer on the Deluxe King.'),
  ('30000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000003', 'LASTONE15', 15, true,
   null, null, 5, 4, 'Limited offer: only one use left.'),
  ('30000000-0000-4000-8000-000000000004', '10000000-0000-4000-8000-000000000004', 'QUAD12', 12, true,
   null, current_date + 120, null, 0, 'Families: 12% off the Superior Quadruple only.'),
  ('30000000-0000-4000-8000-000000000005', '10000000-0000-4000-8000-000000000001', 'EARLYBIRD25', 25, true,
   current_date + 30, current_date + 210, 20, 0, 'Early bird offer, opens in a month.'),
  ('30000000-0000-4000-8000-000000000006', '10000000-0000-4000-8000-000000000003', 'ESTATE15', 15, true,
   current_date - 120, current_date - 1, null, 7, 'Summer offer (ended).'),
  ('30000000-0000-4000-8000-000000000007', '10000000-0000-4000-8000-000000000004', 'FULLHOUSE30', 30, true,
   null, current_date + 60, 10, 10, 'Launch offer, fully redeemed.'),
  ('30000000-0000-4000-8000-000000000008', '10000000-0000-4000-8000-000000000002', 'OLDPROMO50', 50, false,
   null, null, null, 0, 'Withdrawn offer (inactive).');

-- ---------------------------------------------------------------- amenities (icons from the admin spec's list)
insert into public.amenities (name, description, icon_name, category, is_active, display_order) values
  ('Free High-Speed Wi-Fi', 'Fast fibre Wi-Fi in every room and in the lounge, free of charge.', 'Wifi', 'connectivity', true, 1),
  ('Air Conditioning', 'Individually controlled air conditioning and heating in every room.', 'Wind', 'comfort', true, 2),
  ('5 Minutes from the Colosseum', 'Walk to the Colosseum, the Roman Forum and Monti''s cafés.', 'MapPin', 'location', true, 3),
  ('24/7 Reception', 'Someone is always reachable by phone, day and night.', 'Clock', 'service', true, 4),
  ('Italian Breakfast', 'Cornetto and cappuccino at the café next door, included with direct bookings.', 'Coffee', 'dining', true, 5),
  ('Smart TV', 'Flat-screen smart TV with international channels and streaming apps.', 'Tv', 'entertainment', true, 6),
  ('Private Bathroom', 'Every room has its own bathroom with shower or bathtub and fresh towels daily.', 'Bath', 'room', true, 7),
  ('Premium Mattresses', 'Orthopaedic mattresses and a choice of pillows for a good night''s sleep.', 'Bed', 'room', true, 8),
  ('In-Room Safe', 'Laptop-sized electronic safe in every room.', 'Lock', 'security', true, 9),
  ('Keyless Entry', 'Personal door codes so you can come and go as you please.', 'Key', 'security', true, 10),
  ('Airport Transfers', 'Private transfers from Fiumicino and Ciampino on request.', 'Car', 'convenience', true, 11),
  ('Mini Fridge', 'A fridge in every room for water, wine and leftover pizza.', 'Refrigerator', 'comfort', true, 12),
  ('Multilingual Staff', 'We speak Italian, English and French.', 'Globe', 'service', true, 13),
  ('Guest Lounge', 'A small lounge with sofas, books and maps of the city.', 'Sofa', 'facility', true, 14),
  ('Rooftop Terrace', 'Seasonal rooftop terrace, closed for renovation.', 'Sun', 'facility', false, 15);

-- ---------------------------------------------------------------- services (every category; one unavailable)
insert into public.services (name, description, price, category, duration_minutes, available) values
  ('Fiumicino Airport Transfer', 'Private car between Fiumicino airport and the guest house, up to 3 passengers with luggage.', 55.00, 'transport', 60, true),
  ('Ciampino Airport Transfer', 'Private car between Ciampino airport and the guest house.', 45.00, 'transport', 45, true),
  ('Breakfast in the Room', 'Italian breakfast served in your room: cornetti, fruit, yoghurt, juice and coffee.', 12.00, 'dining', 30, true),
  ('Romantic Dinner Reservation', 'We book a table at one of our favourite trattorie in Monti.', 0.00, 'dining', 0, true),
  ('Extra Room Cleaning', 'An additional full cleaning of your room during your stay.', 20.00, 'housekeeping', 45, true),
  ('Laundry Service', 'Wash, dry and fold, back in your room the next day.', 15.00, 'housekeeping', 1440, true),
  ('In-Room Massage', 'Relaxing 60-minute massage by a licensed therapist in your room.', 80.00, 'wellness', 60, true),
  ('Colosseum Skip-the-Line Tour', 'Guided tour of the Colosseum, Roman Forum and Palatine Hill with priority entrance.', 65.00, 'experience', 180, true),
  ('Vespa Tour of Rome', 'Three hours through Rome on a vintage Vespa with a local guide (back in spring).', 120.00, 'experience', 180, false),
  ('Early Check-in', 'Check in from 11:00 instead of 15:00, subject to availability.', 25.00, 'accommodation', 0, true),
  ('Late Check-out', 'Keep your room until 14:00 instead of 10:30.', 25.00, 'accommodation', 0, true),
  ('Luggage Storage', 'Leave your bags with us before check-in or after check-out.', 0.00, 'general', 0, true);

-- ---------------------------------------------------------------- reviews (hand-entered: 6 approved, 2 awaiting approval)
insert into public.reviews (guest_name, guest_location, rating, comment, review_date, approved, created_at) values
  ('Sarah Mitchell', 'London, United Kingdom', 5,
   'Perfect location: we walked to the Colosseum every morning before the crowds. The room was spotless and Giulia gave us the best restaurant tips of the trip.',
   current_date - 6, true, now() - interval '6 days'),
  ('Pierre Dubois', 'Lyon, France', 5,
   'Chambre calme et très propre, accueil chaleureux en français. The breakfast at the café next door was a lovely touch.',
   current_date - 14, true, now() - interval '14 days'),
  ('Emily Johnson', 'Boston, USA', 5,
   'The Deluxe King was bigger than we expected and the bathtub was heaven after 25,000 steps a day. Would stay again in a heartbeat.',
   current_date - 21, true, now() - interval '21 days'),
  ('Hans Becker', 'Munich, Germany', 4,
   'Very good value for such a central address. The street can be lively in the evening, but the windows keep the noise out.',
   current_date - 35, true, now() - interval '35 days'),
  ('Lucia Fernández', 'Madrid, Spain', 5,
   'We travelled with two teenagers and the Superior Quadruple had room for everyone. Staff arranged our airport transfer without any fuss.',
   current_date - 48, true, now() - interval '48 days'),
  ('Kenji Watanabe', 'Osaka, Japan', 5,
   'Clean, quiet and friendly. Check-in was easy even though our flight was late, and the reception answered the phone at midnight.',
   current_date - 60, true, now() - interval '60 days'),
  ('Tom Harris', 'Sydney, Australia', 3,
   'Great location, but the Wi-Fi was slow on our first night. Staff moved us to another room the next day.',
   current_date - 2, false, now() - interval '2 days'),
  ('Anna Kowalska', 'Kraków, Poland', 4,
   'Lovely stay and a very helpful host. Breakfast options could be a little wider.',
   current_date - 1, false, now() - interval '1 day');

-- ---------------------------------------------------------------- site content (every key both specs use)
insert into public.site_content (key, value, description) values
  ('hero_title', 'Colosseum Guest House', 'Hero: main title'),
  ('hero_subtitle', 'Boutique rooms a five-minute walk from the Colosseum, in the heart of ancient Rome', 'Hero: subtitle under the title'),
  ('hero_location', 'Via dei Serpenti 42, Rome', 'Hero: location line'),
  ('hero_rating', '4.9', 'Headline rating out of 5 (hero and Reviews section) when not computed from reviews'),
  ('hero_review_count', '127', 'Headline number of reviews (hero and Reviews section) when not computed from reviews'),
  ('rooms_title', 'Our Rooms', 'Rooms section: title'),
  ('rooms_subtitle', 'Comfortable, quiet rooms with private bathrooms, a few steps from the Colosseum', 'Rooms section: subtitle'),
  ('location_title', 'Perfect Location', 'Location section: title'),
  ('location_subtitle', 'In the Monti district, between the Colosseum, the Roman Forum and Santa Maria Maggiore', 'Location section: subtitle'),
  ('location_walk_title', 'Everything within walking distance', 'Location section: walking-distance title'),
  ('location_walk_description', 'Leave the map in your pocket: the Colosseum is 5 minutes away, the Roman Forum 7, the Trevi Fountain 20, and the Cavour metro station 3.', 'Location section: walking-distance description'),
  ('reviews_title', 'What Our Guests Say', 'Reviews section: title'),
  ('reviews_footer_text', 'Reviews collected from guests who stayed with us', 'Reviews section: footer text'),
  ('booking_title', 'Book Your Stay', 'Booking section: title'),
  ('booking_subtitle', 'Send us your dates and we will confirm your room on WhatsApp', 'Booking section: subtitle'),
  ('booking_note', 'Check-in 3:00 PM to 8:00 PM, check-out 10:30 AM.', 'Booking section: note under the form (the cancellation rule follows it, from the payment policy)'),
  ('contact_title', 'Get in Touch', 'Contact section: title'),
  ('contact_subtitle', 'Questions about your stay? Write to us and we will reply within a day.', 'Contact section: subtitle'),
  ('contact_address', 'Via dei Serpenti 42, 00184 Rome, Italy', 'Contact: postal address (header and contact section)'),
  ('contact_phone', '+39 06 1234 5678', 'Contact: phone number (header and contact section)'),
  ('contact_email', 'info@colosseumguesthouse.example', 'Contact: e-mail address (header and contact section)'),
  ('contact_whatsapp', '393331234567', 'Contact: WhatsApp number for booking requests, digits only with country code'),
  ('contact_hours', 'Reception 24/7 by phone. We speak Italian, English and French.', 'Contact: opening hours and languages');

-- ---------------------------------------------------------------- translations (Italian, French)
-- The English texts above stay in their columns; `translations` holds the other languages (see
-- docs/languages.md). Written as the house writes to its guests: tu in Italian, vous in French.
update public.rooms r set translations = t.translations::jsonb from (values
  ('10000000-0000-4000-8000-000000000001', '{"it": {"name": "Matrimoniale Superior", "description": "Una camera luminosa di 25 m² con letto king-size, calde tonalità di cotto e una finestra sul cortile interno, lontano dal traffico. Travi in legno originali, doccia a pioggia e tende oscuranti: la base ideale dopo lunghe giornate a piedi per la città. Il Colosseo è a cinque minuti.", "amenities": ["Wi-Fi", "Aria condizionata", "TV", "Cassaforte", "Doccia", "Asciugacapelli", "Riscaldamento"]}, "fr": {"name": "Chambre Supérieure King", "description": "Une chambre lumineuse de 25 m² avec lit king-size, des tons chauds de terre cuite et une fenêtre sur la cour intérieure, à l''abri du bruit. Poutres d''origine, douche à effet pluie et rideaux occultants : le point de chute idéal après de longues journées de marche. Le Colisée est à cinq minutes à pied.", "amenities": ["Wi-Fi", "Climatisation", "Télévision", "Coffre-fort", "Douche", "Sèche-cheveux", "Chauffage"]}}'),
  ('10000000-0000-4000-8000-000000000002', '{"it": {"name": "Matrimoniale Deluxe", "description": "La nostra doppia più spaziosa, 35 m²: letto king-size, un angolo lettura con poltrona e lampada e un bagno in marmo con una vasca profonda. Dalle finestre alte si vedono i tetti di Monti; nelle sere limpide arrivano i rintocchi delle campane di San Pietro in Vincoli.", "amenities": ["Wi-Fi", "Aria condizionata", "TV", "Minibar", "Cassaforte", "Vista sulla città", "Vasca da bagno", "Asciugacapelli", "Riscaldamento"]}, "fr": {"name": "Chambre Deluxe King", "description": "Notre chambre double la plus spacieuse, 35 m² : un lit king-size, un coin salon avec fauteuil et liseuse, et une salle de bains en marbre avec une baignoire profonde. Les hautes fenêtres donnent sur les toits de Monti ; les soirs de beau temps, on entend sonner les cloches de San Pietro in Vincoli.", "amenities": ["Wi-Fi", "Climatisation", "Télévision", "Minibar", "Coffre-fort", "Vue sur la ville", "Baignoire", "Sèche-cheveux", "Chauffage"]}}'),
  ('10000000-0000-4000-8000-000000000003', '{"it": {"name": "Matrimoniale Standard", "description": "Una camera accogliente di 20 m² con letto king-size, scrivania e un bagno moderno con doccia. Semplice, silenziosa e ben curata: la scelta giusta se passi la giornata in giro per Roma e la sera cerchi solo un letto comodo.", "amenities": ["Wi-Fi", "Aria condizionata", "TV", "Doccia", "Asciugacapelli"]}, "fr": {"name": "Chambre Standard King", "description": "Une chambre douillette de 20 m² avec lit king-size, un bureau et une salle d''eau moderne. Simple, calme et bien tenue : le bon choix si vous passez vos journées à arpenter la ville et cherchez surtout un lit confortable le soir.", "amenities": ["Wi-Fi", "Climatisation", "Télévision", "Douche", "Sèche-cheveux"]}}'),
  ('10000000-0000-4000-8000-000000000004', '{"it": {"name": "Quadrupla Superior", "description": "Una camera familiare di 30 m² con un letto king-size e due letti singoli, armadi capienti e un bagno con doccia a filo pavimento. Perfetta per famiglie o amici in viaggio insieme; su richiesta aggiungiamo una culla.", "amenities": ["Wi-Fi", "Aria condizionata", "TV", "Cassaforte", "Doccia", "Asciugacapelli", "Telefono", "Riscaldamento"]}, "fr": {"name": "Quadruple Supérieure", "description": "Une chambre familiale de 30 m² avec un lit king-size et deux lits simples, de grands placards et une salle de bains avec douche à l''italienne. Idéale pour les familles ou les amis qui voyagent ensemble ; un lit bébé est disponible sur demande.", "amenities": ["Wi-Fi", "Climatisation", "Télévision", "Coffre-fort", "Douche", "Sèche-cheveux", "Téléphone", "Chauffage"]}}'),
  ('10000000-0000-4000-8000-000000000005', '{"it": {"name": "Singola Accogliente", "description": "Una singola raccolta per chi viaggia da solo, con un comodo letto alla francese, una piccola scrivania e un bagno privato con doccia. Affaccia sul cortile, così le notti sono tranquille anche in alta stagione.", "amenities": ["Wi-Fi", "Aria condizionata", "Doccia", "Asciugacapelli"]}, "fr": {"name": "Chambre Simple Cosy", "description": "Une chambre simple et compacte pour voyager en solo, avec un confortable lit de 140, un petit bureau et une salle d''eau privée. Elle donne sur la cour : les nuits restent calmes, même en haute saison.", "amenities": ["Wi-Fi", "Climatisation", "Douche", "Sèche-cheveux"]}}'),
  ('10000000-0000-4000-8000-000000000006', '{"it": {"name": "Doppia Classica", "description": "Due letti singoli che su richiesta possiamo unire, un soffitto a volta e la vista su Via dei Serpenti. Questo mese la stiamo ritinteggiando: torna disponibile a breve.", "amenities": ["Wi-Fi", "Aria condizionata", "TV", "Vista sulla città", "Doccia"]}, "fr": {"name": "Chambre Twin Classique", "description": "Deux lits simples que nous pouvons rapprocher sur demande, un plafond voûté et une vue sur la Via dei Serpenti. La chambre est en cours de peinture ce mois-ci et sera bientôt de nouveau disponible.", "amenities": ["Wi-Fi", "Climatisation", "Télévision", "Vue sur la ville", "Douche"]}}'),
  ('10000000-0000-4000-8000-000000000007', '{"it": {"name": "Suite Romantica", "description": "La nostra suite all''ultimo piano, con letto king-size a baldacchino, un balcone privato da cui si scorge il Colosseo e una vasca da bagno freestanding. Per anniversari e viaggi di nozze, all''arrivo ti aspetta una bottiglia di Prosecco.", "amenities": ["Wi-Fi", "Aria condizionata", "TV", "Minibar", "Cassaforte", "Balcone", "Vista sulla città", "Vasca da bagno", "Servizio in camera"]}, "fr": {"name": "Suite Romantique", "description": "Notre suite au dernier étage, avec un lit king-size à baldaquin, un balcon privé d''où l''on aperçoit le Colisée et une baignoire îlot. Pour un anniversaire ou une lune de miel, une bouteille de Prosecco vous attend à l''arrivée.", "amenities": ["Wi-Fi", "Climatisation", "Télévision", "Minibar", "Coffre-fort", "Balcon", "Vue sur la ville", "Baignoire", "Service en chambre"]}}')
) as t(id, translations) where r.id = t.id::uuid;

-- The bed layouts and views in Italian and French (a blank one shows the English).
update public.rooms r set translations = jsonb_set(jsonb_set(r.translations,
    '{it}', (r.translations -> 'it') || t.it::jsonb), '{fr}', (r.translations -> 'fr') || t.fr::jsonb) from (values
  ('10000000-0000-4000-8000-000000000001', '{"bed_layout": "1 letto king size", "view": "Vista sul cortile"}', '{"bed_layout": "1 lit king size", "view": "Vue sur la cour"}'),
  ('10000000-0000-4000-8000-000000000002', '{"bed_layout": "1 letto king size", "view": "Vista sui tetti di Monti"}', '{"bed_layout": "1 lit king size", "view": "Vue sur les toits de Monti"}'),
  ('10000000-0000-4000-8000-000000000003', '{"bed_layout": "1 letto king size"}', '{"bed_layout": "1 lit king size"}'),
  ('10000000-0000-4000-8000-000000000004', '{"bed_layout": "2 letti singoli e 1 letto king size"}', '{"bed_layout": "2 lits simples et 1 lit king size"}'),
  ('10000000-0000-4000-8000-000000000005', '{"bed_layout": "1 letto alla francese", "view": "Vista sul cortile"}', '{"bed_layout": "1 lit de 140", "view": "Vue sur la cour"}'),
  ('10000000-0000-4000-8000-000000000006', '{"bed_layout": "2 letti singoli", "view": "Vista su Via dei Serpenti"}', '{"bed_layout": "2 lits simples", "view": "Vue sur la Via dei Serpenti"}'),
  ('10000000-0000-4000-8000-000000000007', '{"bed_layout": "1 letto king size a baldacchino", "view": "Scorcio sul Colosseo"}', '{"bed_layout": "1 lit king size à baldaquin", "view": "Vue sur le Colisée"}')
) as t(id, it, fr) where r.id = t.id::uuid;

update public.amenities a set translations = t.translations::jsonb from (values
  ('Free High-Speed Wi-Fi', '{"it": {"name": "Wi-Fi veloce gratuito", "description": "Wi-Fi in fibra, veloce e gratuito, in tutte le camere e nella sala comune."}, "fr": {"name": "Wi-Fi haut débit gratuit", "description": "Wi-Fi fibre rapide et gratuit dans toutes les chambres et au salon."}}'),
  ('Air Conditioning', '{"it": {"name": "Aria condizionata", "description": "Aria condizionata e riscaldamento regolabili in ogni camera."}, "fr": {"name": "Climatisation", "description": "Climatisation et chauffage réglables dans chaque chambre."}}'),
  ('5 Minutes from the Colosseum', '{"it": {"name": "A 5 minuti dal Colosseo", "description": "Colosseo, Foro Romano e i caffè di Monti: tutto a piedi."}, "fr": {"name": "À 5 minutes du Colisée", "description": "Le Colisée, le Forum romain et les cafés de Monti, à pied."}}'),
  ('24/7 Reception', '{"it": {"name": "Reception 24 ore su 24", "description": "Siamo sempre raggiungibili al telefono, giorno e notte."}, "fr": {"name": "Réception 24h/24", "description": "Toujours quelqu''un au bout du fil, de jour comme de nuit."}}'),
  ('Italian Breakfast', '{"it": {"name": "Colazione all''italiana", "description": "Cornetto e cappuccino al bar qui accanto, inclusi se prenoti direttamente con noi."}, "fr": {"name": "Petit-déjeuner à l''italienne", "description": "Cornetto et cappuccino au café d''à côté, offerts pour les réservations en direct."}}'),
  ('Smart TV', '{"it": {"name": "Smart TV", "description": "Smart TV a schermo piatto con canali internazionali e app di streaming."}, "fr": {"name": "Smart TV", "description": "Télévision connectée à écran plat, avec chaînes internationales et applications de streaming."}}'),
  ('Private Bathroom', '{"it": {"name": "Bagno privato", "description": "Ogni camera ha il suo bagno, con doccia o vasca, e asciugamani puliti ogni giorno."}, "fr": {"name": "Salle de bains privée", "description": "Chaque chambre a sa propre salle de bains, avec douche ou baignoire, et des serviettes propres chaque jour."}}'),
  ('Premium Mattresses', '{"it": {"name": "Materassi di qualità", "description": "Materassi ortopedici e cuscini a scelta per dormire bene."}, "fr": {"name": "Literie haut de gamme", "description": "Matelas orthopédiques et oreillers au choix pour de belles nuits."}}'),
  ('In-Room Safe', '{"it": {"name": "Cassaforte in camera", "description": "Cassaforte elettronica in ogni camera, abbastanza grande per un portatile."}, "fr": {"name": "Coffre-fort en chambre", "description": "Coffre-fort électronique dans chaque chambre, assez grand pour un ordinateur portable."}}'),
  ('Keyless Entry', '{"it": {"name": "Ingresso senza chiavi", "description": "Un codice personale per entrare e uscire quando vuoi."}, "fr": {"name": "Accès sans clé", "description": "Un code personnel pour aller et venir à votre guise."}}'),
  ('Airport Transfers', '{"it": {"name": "Transfer aeroportuali", "description": "Transfer privati da Fiumicino e Ciampino, su richiesta."}, "fr": {"name": "Transferts aéroport", "description": "Transferts privés depuis Fiumicino et Ciampino, sur demande."}}'),
  ('Mini Fridge', '{"it": {"name": "Frigobar", "description": "Un piccolo frigo in ogni camera per l''acqua, il vino e la pizza avanzata."}, "fr": {"name": "Mini-réfrigérateur", "description": "Un petit frigo dans chaque chambre pour l''eau, le vin et les restes de pizza."}}'),
  ('Multilingual Staff', '{"it": {"name": "Staff multilingue", "description": "Parliamo italiano, inglese e francese."}, "fr": {"name": "Équipe multilingue", "description": "Nous parlons italien, anglais et français."}}'),
  ('Guest Lounge', '{"it": {"name": "Sala comune", "description": "Un piccolo salotto con divani, libri e mappe della città."}, "fr": {"name": "Salon des hôtes", "description": "Un petit salon avec canapés, livres et plans de la ville."}}'),
  ('Rooftop Terrace', '{"it": {"name": "Terrazza sul tetto", "description": "Terrazza panoramica aperta nella bella stagione, ora chiusa per lavori."}, "fr": {"name": "Terrasse sur le toit", "description": "Terrasse sur le toit ouverte aux beaux jours, actuellement fermée pour travaux."}}')
) as t(name, translations) where a.name = t.name;

update public.services a set translations = t.translations::jsonb from (values
  ('Fiumicino Airport Transfer', '{"it": {"name": "Transfer dall''aeroporto di Fiumicino", "description": "Auto privata tra l''aeroporto di Fiumicino e la guest house, fino a 3 passeggeri con bagagli."}, "fr": {"name": "Transfert depuis l''aéroport de Fiumicino", "description": "Voiture privée entre l''aéroport de Fiumicino et la maison d''hôtes, jusqu''à 3 passagers avec bagages."}}'),
  ('Ciampino Airport Transfer', '{"it": {"name": "Transfer dall''aeroporto di Ciampino", "description": "Auto privata tra l''aeroporto di Ciampino e la guest house."}, "fr": {"name": "Transfert depuis l''aéroport de Ciampino", "description": "Voiture privée entre l''aéroport de Ciampino et la maison d''hôtes."}}'),
  ('Breakfast in the Room', '{"it": {"name": "Colazione in camera", "description": "Colazione all''italiana servita in camera: cornetti, frutta, yogurt, succo e caffè."}, "fr": {"name": "Petit-déjeuner en chambre", "description": "Petit-déjeuner à l''italienne servi dans votre chambre : cornetti, fruits, yaourt, jus de fruits et café."}}'),
  ('Romantic Dinner Reservation', '{"it": {"name": "Prenotazione di una cena romantica", "description": "Ti prenotiamo un tavolo in una delle nostre trattorie preferite di Monti."}, "fr": {"name": "Réservation d''un dîner romantique", "description": "Nous vous réservons une table dans l''une de nos trattorias préférées de Monti."}}'),
  ('Extra Room Cleaning', '{"it": {"name": "Pulizia extra della camera", "description": "Una pulizia completa in più della camera durante il soggiorno."}, "fr": {"name": "Ménage supplémentaire", "description": "Un ménage complet de plus dans votre chambre pendant le séjour."}}'),
  ('Laundry Service', '{"it": {"name": "Servizio lavanderia", "description": "Lavato, asciugato e piegato: te lo riportiamo in camera il giorno dopo."}, "fr": {"name": "Blanchisserie", "description": "Lavé, séché, plié, et de retour dans votre chambre le lendemain."}}'),
  ('In-Room Massage', '{"it": {"name": "Massaggio in camera", "description": "Un massaggio rilassante di 60 minuti in camera, con un massaggiatore qualificato."}, "fr": {"name": "Massage en chambre", "description": "Un massage relaxant de 60 minutes dans votre chambre, par un praticien diplômé."}}'),
  ('Colosseum Skip-the-Line Tour', '{"it": {"name": "Visita al Colosseo salta la fila", "description": "Visita guidata di Colosseo, Foro Romano e Palatino con ingresso prioritario."}, "fr": {"name": "Visite coupe-file du Colisée", "description": "Visite guidée du Colisée, du Forum romain et du Palatin, avec entrée prioritaire."}}'),
  ('Vespa Tour of Rome', '{"it": {"name": "Roma in Vespa", "description": "Tre ore per le strade di Roma su una Vespa d''epoca, con una guida del posto (torna in primavera)."}, "fr": {"name": "Rome en Vespa", "description": "Trois heures dans les rues de Rome sur une Vespa d''époque, avec un guide du coin (de retour au printemps)."}}'),
  ('Early Check-in', '{"it": {"name": "Check-in anticipato", "description": "Check-in dalle 11:00 invece che dalle 15:00, secondo disponibilità."}, "fr": {"name": "Arrivée anticipée", "description": "Arrivée dès 11 h au lieu de 15 h, selon disponibilité."}}'),
  ('Late Check-out', '{"it": {"name": "Check-out posticipato", "description": "Tieni la camera fino alle 14:00 invece che fino alle 10:30."}, "fr": {"name": "Départ tardif", "description": "Gardez votre chambre jusqu''à 14 h au lieu de 10 h 30."}}'),
  ('Luggage Storage', '{"it": {"name": "Deposito bagagli", "description": "Lascia a noi i bagagli prima del check-in o dopo il check-out."}, "fr": {"name": "Consigne à bagages", "description": "Confiez-nous vos bagages avant votre arrivée ou après votre départ."}}')
) as t(name, translations) where a.name = t.name;

update public.site_content c set translations = t.translations::jsonb from (values
  ('hero_title', '{"it": "Guest House Colosseo", "fr": "Maison d''hôtes du Colisée"}'),
  ('hero_subtitle', '{"it": "Camere boutique a cinque minuti a piedi dal Colosseo, nel cuore della Roma antica", "fr": "Des chambres de charme à cinq minutes à pied du Colisée, au cœur de la Rome antique"}'),
  ('hero_location', '{"it": "Via dei Serpenti 42, Roma", "fr": "Via dei Serpenti 42, Rome"}'),
  ('rooms_title', '{"it": "Le nostre camere", "fr": "Nos chambres"}'),
  ('rooms_subtitle', '{"it": "Camere comode e silenziose, tutte con bagno privato, a pochi passi dal Colosseo", "fr": "Des chambres confortables et calmes, toutes avec salle de bains privée, à quelques pas du Colisée"}'),
  ('location_title', '{"it": "Una posizione perfetta", "fr": "Un emplacement idéal"}'),
  ('location_subtitle', '{"it": "Nel rione Monti, tra il Colosseo, il Foro Romano e Santa Maria Maggiore", "fr": "Dans le quartier de Monti, entre le Colisée, le Forum romain et Sainte-Marie-Majeure"}'),
  ('location_walk_title', '{"it": "Tutto a due passi", "fr": "Tout se fait à pied"}'),
  ('location_walk_description', '{"it": "Lascia pure la mappa in tasca: il Colosseo è a 5 minuti, il Foro Romano a 7, la Fontana di Trevi a 20 e la metro Cavour a 3.", "fr": "Gardez le plan dans votre poche : le Colisée est à 5 minutes, le Forum romain à 7, la fontaine de Trevi à 20 et le métro Cavour à 3."}'),
  ('reviews_title', '{"it": "Cosa dicono i nostri ospiti", "fr": "Ce que disent nos clients"}'),
  ('reviews_footer_text', '{"it": "Recensioni scritte dagli ospiti che hanno soggiornato da noi", "fr": "Avis laissés par des clients qui ont séjourné chez nous"}'),
  ('booking_title', '{"it": "Prenota il tuo soggiorno", "fr": "Réservez votre séjour"}'),
  ('booking_subtitle', '{"it": "Mandaci le tue date e ti confermiamo la camera su WhatsApp", "fr": "Envoyez-nous vos dates : nous vous confirmons la chambre sur WhatsApp"}'),
  ('booking_note', '{"it": "Check-in dalle 15:00 alle 20:00, check-out entro le 10:30.", "fr": "Arrivée de 15 h à 20 h, départ avant 10 h 30."}'),
  ('contact_title', '{"it": "Contattaci", "fr": "Nous contacter"}'),
  ('contact_subtitle', '{"it": "Domande sul soggiorno? Scrivici, ti rispondiamo entro un giorno.", "fr": "Une question sur votre séjour ? Écrivez-nous, nous vous répondons dans la journée."}'),
  ('contact_address', '{"it": "Via dei Serpenti 42, 00184 Roma", "fr": "Via dei Serpenti 42, 00184 Rome, Italie"}'),
  ('contact_hours', '{"it": "Reception al telefono 24 ore su 24. Parliamo italiano, inglese e francese.", "fr": "Réception joignable par téléphone 24h/24. Nous parlons italien, anglais et français."}')
) as t(key, translations) where c.key = t.key;

-- ---------------------------------------------------------------- bookings (every status; no overlaps among non-cancelled)
insert into public.bookings (id, reference, room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests,
                             total_amount, discount_amount, promo_code, status, special_requests, created_at) values
  -- checked_out
  ('20000000-0000-4000-8000-000000000001', 'CG-DEMO01', '10000000-0000-4000-8000-000000000001', 'Oliver Smith', 'oliver.smith@example.net', '+44 20 7946 0958',
   current_date - 20, current_date - 17, 2, 435.00, 0, null, 'checked_out', null, now() - interval '40 days'),
  ('20000000-0000-4000-8000-000000000002', 'CG-DEMO02', '10000000-0000-4000-8000-000000000004', 'Familie Schneider', 'schneider@example.de', null,
   current_date - 10, current_date - 7, 4, 630.00, 0, null, 'checked_out', 'Cot for a toddler, please.', now() - interval '30 days'),
  ('20000000-0000-4000-8000-000000000003', 'CG-DEMO03', '10000000-0000-4000-8000-000000000007', 'Chiara Conti', 'chiara.conti@example.it', '+39 347 555 0199',
   current_date - 5, current_date - 3, 2, 480.00, 0, null, 'checked_out', 'Anniversary, a bottle of Prosecco would be lovely.', now() - interval '25 days'),
  -- checked_in (guest in house now)
  ('20000000-0000-4000-8000-000000000004', 'CG-DEMO04', '10000000-0000-4000-8000-000000000005', 'Liam O''Connor', 'liam.oconnor@example.ie', '+353 87 555 0142',
   current_date - 1, current_date + 2, 1, 255.00, 0, null, 'checked_in', null, now() - interval '12 days'),
  -- confirmed
  ('20000000-0000-4000-8000-000000000005', 'CG-DEMO05', '10000000-0000-4000-8000-000000000002', 'Sophie Martin', 'sophie.martin@example.fr', '+33 6 55 55 01 23',
   current_date + 7, current_date + 10, 2, 495.00, 0, null, 'confirmed', 'Late arrival around 22:00.', now() - interval '9 days'),
  ('20000000-0000-4000-8000-000000000006', 'CG-DEMO06', '10000000-0000-4000-8000-000000000004', 'Ana Silva', 'ana.silva@example.pt', null,
   current_date + 20, current_date + 23, 3, 630.00, 0, null, 'confirmed', null, now() - interval '7 days'),
  -- pending
  ('20000000-0000-4000-8000-000000000007', 'CG-DEMO07', '10000000-0000-4000-8000-000000000001', 'James Walker', 'james.walker@example.com', '+1 617 555 0101',
   current_date + 14, current_date + 17, 2, 391.50, 43.50, 'ROMA10', 'pending', 'Quiet room if possible.', now() - interval '2 days'),
  ('20000000-0000-4000-8000-000000000008', 'CG-DEMO08', '10000000-0000-4000-8000-000000000003', 'Yuki Tanaka', 'yuki.tanaka@example.jp', null,
   current_date + 30, current_date + 32, 2, 220.00, 0, null, 'pending', null, now() - interval '1 day'),
  ('20000000-0000-4000-8000-000000000009', 'CG-DEMO09', '10000000-0000-4000-8000-000000000002', 'Mateo García', 'mateo.garcia@example.es', '+34 612 555 010',
   current_date + 40, current_date + 44, 2, 528.00, 132.00, 'COLOSSEO20', 'pending', null, now() - interval '3 hours'),
  -- cancelled (overlaps bookings above: cancelled ones do not block a room)
  ('20000000-0000-4000-8000-000000000010', 'CG-DEMO10', '10000000-0000-4000-8000-000000000001', 'Noah Brown', 'noah.brown@example.com', null,
   current_date + 14, current_date + 16, 2, 290.00, 0, null, 'cancelled', null, now() - interval '5 days'),
  ('20000000-0000-4000-8000-000000000011', 'CG-DEMO11', '10000000-0000-4000-8000-000000000003', 'Eva Novak', 'eva.novak@example.cz', '+420 601 555 012',
   current_date + 3, current_date + 5, 1, 220.00, 0, null, 'cancelled', 'Travel plans changed.', now() - interval '15 days'),
  -- expired (the guest never confirmed the request; its nights are free)
  ('20000000-0000-4000-8000-000000000012', 'CG-DEMO12', '10000000-0000-4000-8000-000000000007', 'Lukas Weber', 'lukas.weber@example.at', null,
   current_date + 25, current_date + 27, 2, 480.00, 0, null, 'expired', null, now() - interval '2 days'),
  -- pending, not yet confirmed by the guest: its hold ends 20 minutes after seeding
  ('20000000-0000-4000-8000-000000000013', 'CG-DEMO13', '10000000-0000-4000-8000-000000000007', 'Léa Dubois', 'lea.dubois@example.fr', '+33 6 55 55 04 56',
   current_date + 50, current_date + 53, 2, 720.00, 0, null, 'pending', 'Could we check in at 9 PM?', now() - interval '10 minutes');

-- Request holds, one of each kind: confirmed by the guest with the host's answer due in 40 hours
-- (CG-DEMO07), 30 hours (CG-DEMO08) and 4 hours (CG-DEMO09, on the dashboard's Pending Actions);
-- not yet confirmed by the guest, 20 minutes left (CG-DEMO13, expired by the timer during a demo);
-- ended (CG-DEMO12).
update public.bookings set guest_confirmed_at = now() - interval '1 day', hold_expires_at = now() + interval '40 hours'
where id = '20000000-0000-4000-8000-000000000007';
update public.bookings set guest_confirmed_at = now() - interval '18 hours', hold_expires_at = now() + interval '30 hours'
where id = '20000000-0000-4000-8000-000000000008';
update public.bookings set guest_confirmed_at = now() - interval '44 hours', hold_expires_at = now() + interval '4 hours'
where id = '20000000-0000-4000-8000-000000000009';
update public.bookings set hold_expires_at = now() + interval '20 minutes'
where id = '20000000-0000-4000-8000-000000000013';
update public.bookings set hold_expires_at = now() - interval '1 day 23 hours'
where id = '20000000-0000-4000-8000-000000000012';

-- The guests' private links of the pending requests, with known demo tokens (README):
--   /booking/CG-DEMO07?token=demo-link-CG-DEMO07, and the same for CG-DEMO08, CG-DEMO09 and CG-DEMO13.
insert into private.booking_access_tokens (booking_id, token_hash, expires_at)
select b.id, extensions.digest('demo-link-' || b.reference, 'sha256'), (b.check_out_date + 30)::timestamptz
from public.bookings b where b.reference in ('CG-DEMO07', 'CG-DEMO08', 'CG-DEMO09', 'CG-DEMO13');

-- E-mails already sent (and one that failed) for the demo requests, as their cards show them.
insert into public.email_outbox (kind, recipient, booking_id, status, attempt_count, sent_at, last_error, created_at, next_attempt_at)
select e.kind, e.recipient, b.id, e.status::public.email_status, e.attempts,
       case when e.status = 'sent' then b.created_at + interval '5 seconds' end, e.error,
       b.created_at, b.created_at
from (values
  ('CG-DEMO07', 'request_received_host', 'info@colosseumguesthouse.example', 'sent', 1, null),
  ('CG-DEMO07', 'request_acknowledgement', 'james.walker@example.com', 'sent', 1, null),
  ('CG-DEMO07', 'request_confirmed_by_guest_host', 'info@colosseumguesthouse.example', 'sent', 1, null),
  ('CG-DEMO08', 'request_received_host', 'info@colosseumguesthouse.example', 'sent', 1, null),
  ('CG-DEMO08', 'request_acknowledgement', 'yuki.tanaka@example.jp', 'sent', 1, null),
  ('CG-DEMO08', 'request_confirmed_by_guest_host', 'info@colosseumguesthouse.example', 'sent', 1, null),
  ('CG-DEMO13', 'request_received_host', 'info@colosseumguesthouse.example', 'sent', 1, null),
  ('CG-DEMO13', 'request_acknowledgement', 'lea.dubois@example.fr', 'failed', 6, 'The provider answered 422: invalid recipient'),
  ('CG-DEMO09', 'request_received_host', 'info@colosseumguesthouse.example', 'sent', 1, null),
  ('CG-DEMO09', 'request_acknowledgement', 'mateo.garcia@example.es', 'sent', 2, null),
  ('CG-DEMO12', 'request_acknowledgement', 'lukas.weber@example.at', 'sent', 1, null),
  ('CG-DEMO12', 'request_expired', 'lukas.weber@example.at', 'sent', 1, null)
) as e(reference, kind, recipient, status, attempts, error)
join public.bookings b on b.reference = e.reference;

-- A stay checked out four weeks ago (its guest's review is hidden, see the reviews of stays below).
insert into public.bookings (id, reference, room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests,
                             total_amount, discount_amount, promo_code, status, special_requests, created_at) values
  ('20000000-0000-4000-8000-000000000014', 'CG-DEMO14', '10000000-0000-4000-8000-000000000003', 'Mark Jensen', 'mark.jensen@example.dk', null,
   current_date - 28, current_date - 25, 2, 330.00, 0, null, 'checked_out', null, now() - interval '45 days');

-- ---------------------------------------------------------------- reviews of stays (issue 24)
-- Checking a booking out issues its review link (private.review_tokens, the token's SHA-256) and
-- e-mails it to the guest; the seeded stays were inserted already checked out, so their links are
-- made here, with fixed tokens (and no e-mail):
--   CG-DEMO01 Oliver Smith   used: review approved, with the host's reply
--   CG-DEMO02 Schneider      used: review pending
--   CG-DEMO14 Mark Jensen    used: review hidden
--   CG-DEMO03 Chiara Conti   NOT used: http://127.0.0.1:8080/review/demo-review-link-chiara-conti-CG-DEMO03
insert into private.review_tokens (booking_id, token_hash, issued_at, expires_at, used_at) values
  ('20000000-0000-4000-8000-000000000001', extensions.digest('demo-review-link-oliver-smith-CG-DEMO01', 'sha256'), now() - interval '17 days', now() + interval '13 days', now() - interval '15 days'),
  ('20000000-0000-4000-8000-000000000002', extensions.digest('demo-review-link-schneider-CG-DEMO02', 'sha256'), now() - interval '7 days', now() + interval '23 days', now() - interval '3 days'),
  ('20000000-0000-4000-8000-000000000014', extensions.digest('demo-review-link-mark-jensen-CG-DEMO14', 'sha256'), now() - interval '25 days', now() + interval '5 days', now() - interval '24 days'),
  ('20000000-0000-4000-8000-000000000003', extensions.digest('demo-review-link-chiara-conti-CG-DEMO03', 'sha256'), now() - interval '3 days', now() + interval '27 days', null);

insert into public.reviews (source, booking_id, guest_name, guest_location, rating, cleanliness_rating, location_rating, staff_rating,
                            comment, review_date, approved, hidden, host_reply, created_at) values
  ('stay', '20000000-0000-4000-8000-000000000001', 'Oliver S.', 'United Kingdom', 5, 5, 5, 4,
   'Spotless room, a quiet night''s sleep and the Colosseum at the end of the street. We will be back next spring.',
   current_date - 15, true, false,
   'Thank you, Oliver! It was a pleasure to host you. See you in spring, we will keep a quiet room for you.',
   now() - interval '15 days'),
  ('stay', '20000000-0000-4000-8000-000000000002', 'Familie Schneider', 'Germany', 4, 4, 5, 5,
   'Plenty of space for the four of us and the cot was ready when we arrived. The shower pressure could be better.',
   current_date - 3, false, false, null, now() - interval '3 days'),
  ('stay', '20000000-0000-4000-8000-000000000014', 'Mark J.', 'Denmark', 2, null, null, null,
   'Call me on +45 5555 0199 for cheap tours, best prices in Rome, ask for Mark!!!',
   current_date - 24, false, true, null, now() - interval '24 days');
update private.review_tokens t set review_id = r.id from public.reviews r where r.booking_id = t.booking_id;

-- ---------------------------------------------------------------- contact messages
insert into public.contact_messages (name, email, phone, message, email_status, created_at) values
  ('Laura Bianchi', 'laura.b@example.it', null, 'Buongiorno, do you have a parking garage nearby? We arrive by car on Friday.', 'sent', now() - interval '3 days'),
  ('David Lee', 'david.lee@example.com', '+1 415 555 0133', 'Is it possible to store our luggage after check-out until our evening train?', 'pending', now() - interval '5 hours');

-- ---------------------------------------------------------------- security monitoring (within the default 24 h range)
insert into public.security_logs (event_type, severity, risk_score, description, user_id, ip_address, user_agent, metadata, created_at) values
  ('login_attempt', 'low', 1, 'Successful login', '00000000-0000-4000-8000-0000000000a1', '203.0.113.10', 'Mozilla/5.0 (Macintosh)', '{"email":"admin@example.com"}', now() - interval '20 minutes'),
  ('failed_login', 'medium', 5, 'Failed login attempt', null, '198.51.100.23', 'Mozilla/5.0 (Windows NT 10.0)', '{"email":"admin@example.com","reason":"Invalid login credentials"}', now() - interval '2 hours'),
  ('admin_action', 'medium', 3, 'Room status updated', '00000000-0000-4000-8000-0000000000a2', '203.0.113.11', 'Mozilla/5.0 (iPhone)', '{"action":"update_room_status","room":"202"}', now() - interval '5 hours'),
  ('api_access', 'medium', 4, 'API access to an admin path returned 403', null, '198.51.100.23', 'curl/8.5.0', '{"path":"/rest/v1/profiles","status":403}', now() - interval '7 hours'),
  ('suspicious_activity', 'high', 8, 'More than 30 requests in 60 seconds', null, '198.51.100.23', 'python-requests/2.32', '{"requests":57,"window_seconds":60}', now() - interval '9 hours');

insert into public.security_alerts (alert_type, severity, status, description, ip_address, metadata, resolved_at, resolved_by, created_at) values
  ('suspicious_activity', 'high', 'active', 'Burst of requests from a single address', '198.51.100.23', '{"requests":57}',
   null, null, now() - interval '9 hours'),
  ('failed_login', 'medium', 'resolved', 'Repeated failed logins for admin@example.com', '198.51.100.23', '{"attempts":5}',
   now() - interval '47 hours', '00000000-0000-4000-8000-0000000000a1', now() - interval '2 days'),
  ('api_access', 'low', 'dismissed', 'Unusual API path requested', '192.0.2.77', '{"path":"/.env"}',
   null, null, now() - interval '4 days');

-- ---------------------------------------------------------------- channel calendars (demo feed)
-- A feed the local platform serves itself, so a sync works without the internet: the Airbnb
-- calendar of Superior King (101) imports the Booking.com export of Standard King (103) from the
-- channel-calendar function of this same instance (app.api_url, which the local platform sets while
-- seeding; the default API address otherwise, as `supabase start` serves it). Syncing it
-- (Integrations → Airbnb → Sync now, or the 10-minute schedule of `npm start`) shows 103's stays
-- as Airbnb blocks of 101.
insert into public.manual_blocks (room_id, check_in_date, check_out_date, reason, note, created_by) values
  ('10000000-0000-4000-8000-000000000003', current_date + 45, current_date + 48, 'owner_stay', 'Owner''s family visiting', '00000000-0000-4000-8000-0000000000a2'),
  ('10000000-0000-4000-8000-000000000006', current_date, current_date + 5, 'maintenance', 'Bathroom tiles', '00000000-0000-4000-8000-0000000000a2');
update public.channel_feeds set export_token = 'de0000000000000000000000000000000000000000000103'
where room_id = '10000000-0000-4000-8000-000000000003' and platform = 'booking';
update public.channel_feeds
set import_url = coalesce(nullif(current_setting('app.api_url', true), ''), 'http://127.0.0.1:54321')
  || '/functions/v1/channel-calendar/de0000000000000000000000000000000000000000000103.ics'
where room_id = '10000000-0000-4000-8000-000000000001' and platform = 'airbnb';

-- ---------------------------------------------------------------- rate seasons (demo)
-- The coming Christmas and Easter high seasons and the winter low season between them, for every
-- room open for booking, computed from current_date (all within the next ~16 months; the browser
-- tests book from current_date + 400 on at flat prices, booking-rules-fixtures.ts clears seasons):
--   Christmas & New Year  20 Dec – 6 Jan (nights)  +40 %, Fri/Sat nights +55 %, 3-night minimum
--   Winter low season     7 Jan – 15 Mar           −20 %, 2-night minimum on Friday/Saturday arrivals
--   Easter                Thursday – Easter Monday +30 %, 2-night minimum
-- The Romantic Suite (301) is closed to arrival on Sundays in all three.
do $$
declare
  y integer := extract(year from current_date - 7)::integer;
  a integer; b integer; c integer; d integer; e integer; f integer; g integer; h integer;
  i integer; k integer; l integer; m integer; easter date;
begin
  -- Easter Sunday of year y + 1 (anonymous Gregorian algorithm)
  a := (y + 1) % 19; b := (y + 1) / 100; c := (y + 1) % 100; d := b / 4; e := b % 4; f := (b + 8) / 25;
  g := (b - f + 1) / 3; h := (19 * a + b - d - g + 15) % 30; i := c / 4; k := c % 4;
  l := (32 + 2 * e + 2 * i - h - k) % 7; m := (a + 11 * h + 22 * l) / 451;
  easter := make_date(y + 1, (h + l - 7 * m + 114) / 31, ((h + l - 7 * m + 114) % 31) + 1);

  insert into public.room_rate_seasons
    (room_id, name, starts_on, ends_on, price_per_night, weekend_price, min_nights, weekend_min_nights, closed_arrival_days)
  select r.id, s.name, s.starts_on, s.ends_on, round(r.price_per_night * s.factor),
         case when s.weekend_factor is not null then round(r.price_per_night * s.weekend_factor) end,
         s.min_nights, s.weekend_min_nights,
         case when r.room_number = '301' then '{7}'::smallint[] else '{}'::smallint[] end
  from public.rooms r
  cross join (values
    ('Christmas & New Year', make_date(y, 12, 20), make_date(y + 1, 1, 6), 1.40, 1.55, 3, null::integer),
    ('Winter low season', make_date(y + 1, 1, 7), make_date(y + 1, 3, 15), 0.80, null, 1, 2),
    ('Easter', easter - 3, easter + 1, 1.30, null, 2, null)
  ) s (name, starts_on, ends_on, factor, weekend_factor, min_nights, weekend_min_nights)
  where r.status = 'available';
end
$$;

-- ---------------------------------------------------------------- payments (issue 31)
-- The default policy is the migration's row (30 % deposit, the cancellation rule of
-- 20261202010000_one_cancellation_policy.sql, a non-refundable rate 10 % cheaper). Extras priced per night and per person; the others
-- per stay. Every demo booking gets the money it would have been quoted; CG-DEMO06 has an airport
-- transfer. CG-DEMO05 paid its deposit online, CG-DEMO11 paid and was refunded when it cancelled,
-- CG-DEMO01 paid the deposit online and the balance and city tax at the house; CG-DEMO08 is unpaid.
update public.services set pricing_unit = 'per_night' where name in ('Breakfast in the Room', 'Extra Room Cleaning');
update public.services set pricing_unit = 'per_person' where name in ('Colosseum Skip-the-Line Tour', 'In-Room Massage');
insert into public.booking_extras (booking_id, service_id, service_name, pricing_unit, quantity, unit_price_cents, line_total_cents)
select '20000000-0000-4000-8000-000000000006', id, name, pricing_unit, 1, 5500, 5500
from public.services where name = 'Fiumicino Airport Transfer';
update public.bookings set extras_cents = 5500, total_amount = total_amount + 55
where id = '20000000-0000-4000-8000-000000000006';
update public.bookings set
  total_cents = round(total_amount * 100)::integer,
  deposit_cents = round(total_amount * 30)::integer,
  balance_cents = round(total_amount * 100)::integer - round(total_amount * 30)::integer,
  free_cancellation_until = check_in_date - 2
where total_cents is null;
insert into public.payments (booking_id, kind, amount_cents, method, provider_session_id, provider_payment_intent_id,
                             provider_refund_id, reason, actor, created_at)
select b.id, p.kind::public.payment_kind,
  case when p.amount_hint = -1 then b.balance_cents else coalesce(p.amount_hint, b.deposit_cents) end,
  p.method, p.session, p.intent, p.refund, p.reason, p.actor, now() - p.ago
from (values
  ('CG-DEMO05', 'charge', null::integer, 'stripe', 'cs_test_demo05', 'pi_demo05', null, null, 'stripe', interval '9 days'),
  ('CG-DEMO11', 'charge', null, 'stripe', 'cs_test_demo11', 'pi_demo11', null, null, 'stripe', interval '15 days'),
  ('CG-DEMO11', 'refund', null, 'stripe', null, 'pi_demo11', 're_demo11', 'free_cancellation', 'guest', interval '6 days'),
  ('CG-DEMO01', 'charge', null, 'stripe', 'cs_test_demo01', 'pi_demo01', null, null, 'stripe', interval '40 days'),
  ('CG-DEMO01', 'balance', -1, 'card', null, null, null, null, 'staff', interval '20 days'),
  ('CG-DEMO01', 'city_tax', 3600, 'cash', null, null, null, null, 'staff', interval '20 days')
) p (reference, kind, amount_hint, method, session, intent, refund, reason, actor, ago)
join public.bookings b on b.reference = p.reference;

-- The demo data itself is not an audit event.
delete from public.audit_logs;

-- ---------------------------------------------------------------- sign-in log (GoTrue's audit log shape)
insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address) values
  ('00000000-0000-0000-0000-000000000000', '40000000-0000-4000-8000-000000000001',
   '{"actor_id":"00000000-0000-4000-8000-0000000000a1","actor_username":"admin@example.com","action":"login","log_type":"account","traits":{"provider":"email"}}',
   now() - interval '20 minutes', '203.0.113.10'),
  ('00000000-0000-0000-0000-000000000000', '40000000-0000-4000-8000-000000000002',
   '{"actor_id":"00000000-0000-4000-8000-0000000000a2","actor_username":"staff@example.com","action":"token_refreshed","log_type":"token","traits":{}}',
   now() - interval '3 hours', '203.0.113.11'),
  ('00000000-0000-0000-0000-000000000000', '40000000-0000-4000-8000-000000000003',
   '{"actor_id":"00000000-0000-4000-8000-0000000000a3","actor_username":"guest@example.com","action":"user_signedup","log_type":"team","traits":{"provider":"email"}}',
   now() - interval '2 days', '198.51.100.7');

-- ================================================================ reports history (issue 32)
-- A year of past stays and a year ahead for the Reports screen, kept apart from the bookings
-- above (which lie within current_date - 30 .. + 60) and from the dates tests book:
-- * the past, current_date - 365 .. - 35, in every room open for booking and Cozy Single: stays
--   checked out (quieter in January and February, dearer in summer), requests cancelled by the
--   guest or by staff, requests that expired, nights blocked by each channel, and a week the
--   Classic Twin was closed for maintenance;
-- * the year ahead only in Cozy Single (202), which the site does not offer: confirmed stays
--   entered by staff (from current_date + 5), channel blocks and one request still held.
-- The audit trail gets what the reports read from it (who entered a booking, who confirmed or
-- cancelled it, and when), dated when it happened.
create temporary table report_demo as
with rooms (room_id, n, price) as (
  values ('10000000-0000-4000-8000-000000000001'::uuid, 1, 145), ('10000000-0000-4000-8000-000000000002'::uuid, 2, 165),
         ('10000000-0000-4000-8000-000000000003'::uuid, 3, 110), ('10000000-0000-4000-8000-000000000004'::uuid, 4, 210),
         ('10000000-0000-4000-8000-000000000007'::uuid, 7, 240), ('10000000-0000-4000-8000-000000000005'::uuid, 5, 85)
), slots as (
  -- 4-day slots; a stay of 1 to 3 nights in each, its kind from the slot's number
  select r.room_id, r.n, r.price, g, current_date - 365 + g * 4 + r.n % 2 as check_in, 1 + (g * 7 + r.n) % 3 + (g % 2) as nights,
    case
      when current_date - 365 + g * 4 >= current_date - 38 then 'empty'
      when extract(month from current_date - 365 + g * 4) in (1, 2) and g % 3 <> 0 then 'empty'
      when g % 9 = 4 then 'cancelled'
      when g % 11 = 6 then 'expired'
      when g % 7 = 5 then 'channel'
      else 'stay'
    end as kind
  from rooms r cross join generate_series(0, 82) g
  union all
  select '10000000-0000-4000-8000-000000000005'::uuid, 5, 85, g, current_date + 5 + g * 4, 1 + g % 3,
    case when g % 5 = 2 then 'channel' when g = 1 then 'held' when g % 13 = 7 then 'empty' else 'ahead' end
  from generate_series(0, 89) g
)
select gen_random_uuid() as id, s.*,
  -- booked 0 to 150 days ahead (those ahead: within the last two months)
  case when s.kind in ('ahead', 'held') then now() - make_interval(days => (s.g * 17) % 60, hours => s.g % 20)
       else (s.check_in - (s.g * 29 + s.n * 11) % 151)::timestamp + make_interval(hours => 9 + s.g % 10)
  end as created_at,
  round(s.price * s.nights * case when extract(month from s.check_in) between 6 and 9 then 1.2 else 1 end, 2) as total,
  (array['Emma Wilson', 'Luca Ferrari', 'Camille Bernard', 'Hannah Müller', 'Diego López', 'Sara Johansson', 'Tom Baker',
         'Giulia Romano', 'Pierre Lefèvre', 'Aiko Sato', 'Kevin Murphy', 'Marta Kowalska'])[1 + (s.g + s.n) % 12] as guest,
  -- staff entered every fifth stay, and every stay ahead (Cozy Single is not offered on the site)
  s.kind in ('ahead', 'held') or s.g % 5 = 0 as by_staff
from slots s
where s.kind <> 'empty';

insert into public.bookings (id, room_id, guest_name, guest_email, check_in_date, check_out_date, guests, total_amount, status,
                             hold_expires_at, created_at)
select d.id, d.room_id, d.guest, lower(replace(split_part(d.guest, ' ', 1), 'ü', 'u')) || '.' || d.g || '@example.org',
  d.check_in, d.check_in + d.nights, 1 + (d.g % 2), d.total,
  (case d.kind when 'stay' then 'checked_out' when 'ahead' then 'confirmed' when 'held' then 'pending' else d.kind end)::public.booking_status,
  case d.kind when 'held' then now() + interval '30 hours' when 'expired' then d.created_at + interval '48 hours' end,
  d.created_at
from report_demo d
where d.kind <> 'channel';

insert into public.external_blocks (feed_id, room_id, event_uid, summary, check_in_date, check_out_date, created_at)
select f.id, d.room_id, 'demo-history-' || d.id, 'Reserved', d.check_in, d.check_in + d.nights, d.created_at
from report_demo d
join public.channel_feeds f on f.room_id = d.room_id
  and f.platform = (array['booking', 'airbnb', 'expedia', 'booking', 'hotels'])[1 + d.g % 5]::public.channel_platform
where d.kind = 'channel';

insert into public.manual_blocks (room_id, check_in_date, check_out_date, reason, note, created_by) values
  ('10000000-0000-4000-8000-000000000006', current_date - 200, current_date - 193, 'maintenance', 'New boiler',
   '00000000-0000-4000-8000-0000000000a2');

-- The history as the audit trail would have recorded it (the triggers just wrote "now").
delete from public.audit_logs
where (table_name = 'bookings' and record_id in (select id::text from report_demo))
   or (table_name = 'manual_blocks' and new_values ->> 'note' = 'New boiler');
insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values, created_at)
select a.action, 'bookings', d.id::text, a.user_id,
  case when a.old_status is not null then jsonb_build_object('status', a.old_status, 'hold_expires_at', b.hold_expires_at) end,
  to_jsonb(b) || jsonb_build_object('status', a.new_status), a.at
from report_demo d
join public.bookings b on b.id = d.id
cross join lateral (values
  -- staff enter stays confirmed; the site's requests arrive pending
  ('INSERT', case when d.by_staff then '00000000-0000-4000-8000-0000000000a2'::uuid end, null,
   case when d.by_staff then 'confirmed' else 'pending' end, d.created_at),
  (case when not d.by_staff and d.kind in ('stay', 'cancelled') then 'UPDATE' end,
   '00000000-0000-4000-8000-0000000000a1'::uuid, 'pending', 'confirmed', d.created_at + interval '5 hours'),
  (case when d.kind = 'cancelled' then 'UPDATE' end,
   case when d.g % 2 = 0 then '00000000-0000-4000-8000-0000000000a2'::uuid end, 'confirmed', 'cancelled',
   d.created_at + (d.check_in::timestamptz - d.created_at) / 2),
  (case when d.kind = 'expired' then 'UPDATE' end, null, 'pending', 'expired', d.created_at + interval '48 hours'),
  (case when d.kind = 'stay' then 'UPDATE' end, '00000000-0000-4000-8000-0000000000a2'::uuid, 'confirmed', 'checked_out',
   d.check_in + d.nights + interval '10 hours')
) as a(action, user_id, old_status, new_status, at)
where a.action is not null;

-- Money received for the history: a 30 % deposit online when the stay was confirmed and the rest
-- in cash on arrival; a cancelled request's deposit refunded in full on the day it was cancelled.
insert into public.payments (booking_id, kind, amount_cents, method, actor, actor_id, created_at)
select d.id, p.kind::public.payment_kind, p.cents, p.method, p.actor, p.actor_id, p.at
from report_demo d
cross join lateral (values
  ('charge', round(d.total * 30)::integer, 'stripe', 'stripe', null::uuid,
   d.created_at + case when d.by_staff then interval '1 hour' else interval '5 hours' end),
  (case when d.kind = 'stay' then 'balance' end, (round(d.total * 100) - round(d.total * 30))::integer, 'cash', 'staff',
   '00000000-0000-4000-8000-0000000000a2'::uuid, (d.check_in + time '15:00') at time zone 'Europe/Rome'),
  (case when d.kind = 'cancelled' then 'refund' end, round(d.total * 30)::integer, 'stripe', 'stripe', null::uuid,
   greatest(d.created_at + interval '6 hours', d.created_at + (d.check_in::timestamptz - d.created_at) / 2))
) as p(kind, cents, method, actor, actor_id, at)
where d.kind in ('stay', 'cancelled') and p.kind is not null;

drop table report_demo;
-- ---------------------------------------------------------------- online check-in and the police file (issue 34)
-- Ana Silva's family of three checked in online (CG-DEMO06, complete, not yet verified: that is
-- done at the desk); Sophie Martin (CG-DEMO05) started as a single guest and still lacks her
-- document and her companion; Liam O'Connor (CG-DEMO04) was checked in yesterday, verified in
-- person and reported: the day is filed. Codes from the Alloggiati Web tables (Portogallo
-- 100000234, Francia 100000215, Irlanda 100000221). Names and numbers are invented.
insert into public.booking_guests (id, booking_id, position, guest_type, surname, given_names, sex, birth_date,
  birth_state_code, citizenship_code, residence_state_code, document_type_code, document_number,
  document_issue_place_code, updated_source) values
  ('50000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000006', 1, 17, 'Silva', 'Ana Rita', 'F',
   '1984-03-09', '100000234', '100000234', '100000234', 'PASOR', 'CB123456', '100000234', 'guest'),
  ('50000000-0000-4000-8000-000000000002', '20000000-0000-4000-8000-000000000006', 2, 19, 'Silva Costa', 'João', 'M',
   '1982-11-21', '100000234', '100000234', '100000234', null, null, null, 'guest'),
  ('50000000-0000-4000-8000-000000000003', '20000000-0000-4000-8000-000000000006', 3, 19, 'Costa', 'Inês', 'F',
   '2016-07-02', '100000234', '100000234', '100000234', null, null, null, 'guest'),
  ('50000000-0000-4000-8000-000000000004', '20000000-0000-4000-8000-000000000005', 1, 16, 'Martin', 'Sophie', 'F',
   '1991-05-14', '100000215', '100000215', '100000215', 'IDELE', null, null, 'guest');

insert into public.booking_guests (id, booking_id, position, guest_type, surname, given_names, sex, birth_date,
  birth_state_code, citizenship_code, residence_state_code, document_type_code, document_number,
  document_issue_place_code, verified_at, verified_by, updated_source) values
  ('50000000-0000-4000-8000-000000000005', '20000000-0000-4000-8000-000000000004', 1, 16, 'O''Connor', 'Liam', 'M',
   '1993-08-30', '100000221', '100000221', '100000221', 'PASOR', 'PX4455667', '100000221',
   ((current_date - 1) + time '15:20') at time zone 'Europe/Rome', '00000000-0000-4000-8000-0000000000a2', 'staff');

insert into public.booking_check_ins (booking_id, checked_in_at, checked_in_by) values
  ('20000000-0000-4000-8000-000000000004', ((current_date - 1) + time '15:30') at time zone 'Europe/Rome',
   '00000000-0000-4000-8000-0000000000a2');

insert into public.police_filings (id, arrival_day, guest_count, filed_by, filed_at) values
  ('50000000-0000-4000-8000-000000000101', current_date - 1, 1, '00000000-0000-4000-8000-0000000000a2',
   ((current_date - 1) + time '17:05') at time zone 'Europe/Rome');
update public.booking_guests set police_filing_id = '50000000-0000-4000-8000-000000000101'
where id = '50000000-0000-4000-8000-000000000005';

-- the demo's own rows are not audit events either
delete from public.audit_logs where table_name in ('booking_guests', 'booking_check_ins', 'police_filings');
-- ---------------------------------------------------------------- city tax, CIN, privacy (issue 34 §4–7)
-- A demo CIN (not a real code), Rome's rate before 1 October 2023 (EUR 3.50 for guest houses and
-- affittacamere in the 2018 table; its start date here is for the demo) beside the migration's
-- EUR 6.00 since then, one exemption recorded at
-- the desk and the tax collected for the stay checked out four weeks ago (CG-DEMO14, 2 guests,
-- 3 nights: EUR 36.00 due, one guest exempt -> EUR 18.00, collected in cash).
update public.compliance_settings set cin = 'IT058091C2DEMO00001', privacy_contact_email = 'privacy@colosseumguesthouse.example';
insert into public.city_tax_rates (valid_from, valid_to, amount_cents, max_nights, exempt_under_age, note) values
  (date '2018-04-01', date '2023-09-30', 350, 10, 10, 'Roma Capitale rates of the 30 March 2018 resolution');
insert into public.city_tax_exemptions (booking_id, reason, persons, note, recorded_by) values
  ('20000000-0000-4000-8000-000000000014', 'police_armed_forces', 1,
   'Carabiniere on duty; signed declaration (DPR 445/2000) in the desk folder.', '00000000-0000-4000-8000-0000000000a2');
insert into public.city_tax_collections (booking_id, amount_cents, method, collected_at, collected_by) values
  ('20000000-0000-4000-8000-000000000014', 1800, 'cash', now() - interval '25 days', '00000000-0000-4000-8000-0000000000a2');
delete from public.audit_logs
where table_name in ('compliance_settings', 'city_tax_rates', 'city_tax_exemptions', 'city_tax_collections');

-- ================================================================ the folio (issue 39)
-- One stay of each kind the desk meets, on its folio (booking_folio; docs/payments.md):
--   CG-DEMO01 paid in full: deposit online, balance by card, city tax in cash (above);
--   CG-DEMO05 a balance: the deposit paid online, the rest due at the house (above);
--   CG-DEMO11 refunded: cancelled in the free window, the deposit refunded (above);
--   CG-DEMO04 in the house with EUR 255.00 and the city tax open: check-out asks first;
--   CG-DEMO03 the city tax owed: the stay paid by card at check-out, the tax left owing;
--   CG-DEMO15 an early departure: booked for 5 nights in Cozy Single, left after 3, the 3 nights
--     stayed charged (booked_check_out_date keeps the booked day) and the tax for 3 nights;
--   CG-DEMO02 and CG-DEMO14 settled at the house at check-out.
insert into public.bookings (id, reference, room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date,
                             booked_check_out_date, guests, total_amount, discount_amount, status, nightly_rates,
                             total_cents, deposit_cents, balance_cents, free_cancellation_until, created_at)
select '20000000-0000-4000-8000-000000000015', 'CG-DEMO15', '10000000-0000-4000-8000-000000000005', 'Ingrid Larsen',
  'ingrid.larsen@example.no', null, current_date - 9, current_date - 6, current_date - 4, 1, 255.00, 0, 'checked_out',
  (select jsonb_agg(jsonb_build_object('night', current_date - 9 + n, 'price', 85.00, 'season', null) order by n)
   from generate_series(0, 2) n),
  25500, 0, 25500, current_date - 16, now() - interval '20 days';
insert into public.payments (booking_id, kind, amount_cents, method, actor, actor_id, created_at)
select b.id, p.kind::public.payment_kind, coalesce(p.cents, b.total_cents), p.method, 'staff',
  '00000000-0000-4000-8000-0000000000a2', now() - p.ago
from (values
  ('CG-DEMO03', 'balance', null::integer, 'card', interval '3 days'),
  ('CG-DEMO02', 'balance', null, 'card', interval '7 days'),
  ('CG-DEMO02', 'city_tax', 7200, 'cash', interval '7 days'),
  ('CG-DEMO14', 'balance', null, 'cash', interval '25 days'),
  ('CG-DEMO15', 'balance', null, 'card', interval '6 days'),
  ('CG-DEMO15', 'city_tax', 1800, 'cash', interval '6 days')
) p (reference, kind, cents, method, ago)
join public.bookings b on b.reference = p.reference;
-- the demo data itself is not an audit event, the check-out is
delete from public.audit_logs where record_id = '20000000-0000-4000-8000-000000000015';
insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values, created_at)
values ('UPDATE', 'bookings', '20000000-0000-4000-8000-000000000015', '00000000-0000-4000-8000-0000000000a2',
  jsonb_build_object('status', 'checked_in', 'check_out_date', current_date - 4, 'total_cents', 42500),
  jsonb_build_object('status', 'checked_out', 'check_out_date', current_date - 6, 'booked_check_out_date', current_date - 4,
    'total_cents', 25500, 'check_out', jsonb_build_object('nights', 'stayed', 'settled_cents', 27300,
      'settle_method', 'card', 'left_owing_cents', 0)),
  now() - interval '6 days');
-- The history's stays paid the city tax in cash on arrival, as the folio says it was due (so the
-- dashboard's money owed is the demo's own: CG-DEMO03's city tax).
insert into public.payments (booking_id, kind, amount_cents, method, actor, actor_id, created_at)
select b.id, 'city_tax', t.city_tax_open_cents, 'cash', 'staff', '00000000-0000-4000-8000-0000000000a2',
  (b.check_in_date + time '15:30') at time zone 'Europe/Rome'
from public.bookings b
cross join lateral private.folio_totals_of(b) t
where b.status = 'checked_out' and b.reference not like 'CG-DEMO%' and t.city_tax_open_cents > 0;

-- ---------------------------------------------------------------- police report by the web service (issue 41)
-- The local Alloggiati Web stand-in's account is saved (local values, see supabase/local/alloggiati),
-- so the scheduler sends check-ins to it. Chiara Conti's couple (CG-DEMO03, checked in five days
-- ago, each with a document; they live in Florence, so the city tax is due): Chiara was sent and accepted; Marco was refused (his document) and
-- waits for staff to correct it, then the next run sends him again. Names are invented.
insert into private.paperwork_credentials (id, alloggiati_user, alloggiati_password, alloggiati_wskey, alloggiati_tested_at)
values (true, 'RM000123', 'local-password', 'LOCAL-WSKEY-0001', now() - interval '6 days');

insert into public.booking_guests (id, booking_id, position, guest_type, surname, given_names, sex, birth_date,
  birth_state_code, birth_comune_code, birth_province, citizenship_code, residence_state_code, residence_comune_code,
  document_type_code, document_number, document_issue_place_code, verified_at, verified_by, updated_source, updated_at) values
  ('50000000-0000-4000-8000-000000000006', '20000000-0000-4000-8000-000000000003', 1, 16, 'Conti', 'Chiara', 'F',
   '1988-02-17', '100000100', '412058091', 'RM', '100000100', '100000100', '409048017', 'IDENT', 'CA55512AB', '412058091',
   ((current_date - 5) + time '15:05') at time zone 'Europe/Rome', '00000000-0000-4000-8000-0000000000a2', 'staff',
   ((current_date - 5) + time '15:05') at time zone 'Europe/Rome'),
  ('50000000-0000-4000-8000-000000000007', '20000000-0000-4000-8000-000000000003', 2, 16, 'Rossi', 'Marco', 'M',
   '1986-10-03', '100000100', '412058091', 'RM', '100000100', '100000100', '409048017', 'PATEN', 'RM7788990', '412058091',
   ((current_date - 5) + time '15:05') at time zone 'Europe/Rome', '00000000-0000-4000-8000-0000000000a2', 'staff',
   ((current_date - 5) + time '15:05') at time zone 'Europe/Rome');

insert into public.booking_check_ins (booking_id, checked_in_at, checked_in_by) values
  ('20000000-0000-4000-8000-000000000003', ((current_date - 5) + time '15:10') at time zone 'Europe/Rome',
   '00000000-0000-4000-8000-0000000000a2');

insert into public.police_filings (id, arrival_day, guest_count, filed_by, filed_at, via_service) values
  ('50000000-0000-4000-8000-000000000102', current_date - 5, 1, null,
   ((current_date - 5) + time '15:15') at time zone 'Europe/Rome', true);
update public.booking_guests set police_filing_id = '50000000-0000-4000-8000-000000000102'
where id = '50000000-0000-4000-8000-000000000006';

insert into public.police_submissions (guest_id, booking_id, arrival_day, deadline_at, status, error_code, error_text,
  error_detail, last_attempt_at, sent_at, filing_id) values
  ('50000000-0000-4000-8000-000000000006', '20000000-0000-4000-8000-000000000003', current_date - 5,
   ((current_date - 4) + time '15:10') at time zone 'Europe/Rome', 'sent', null, null, null,
   ((current_date - 5) + time '15:15') at time zone 'Europe/Rome', ((current_date - 5) + time '15:15') at time zone 'Europe/Rome',
   '50000000-0000-4000-8000-000000000102'),
  ('50000000-0000-4000-8000-000000000007', '20000000-0000-4000-8000-000000000003', current_date - 5,
   ((current_date - 4) + time '15:10') at time zone 'Europe/Rome', 'refused', 'DOCUMENTO',
   'Documento non valido', 'Controllare tipo, numero e luogo di rilascio del documento.',
   ((current_date - 5) + time '15:15') at time zone 'Europe/Rome', null, null);

delete from public.audit_logs where table_name in ('booking_guests', 'booking_check_ins', 'police_filings');

-- ---------------------------------------------------------------- ISTAT movement to Ross1000 by the web service (issue 41 §2)
-- The local Ross1000 stand-in's account is saved (local values, see supabase/local/ross1000), the
-- service sending from a week ago: the last seven days were sent and accepted, each recorded from the
-- record the istat-filing job builds (private.ross1000_movimento), among them days with no movement.
-- The scheduler sends each next day once it is over. Yesterday's Alloggiati Web receipt is not
-- seeded: the local scheduler fetches it from the stand-in when `npm start` starts (police-receipts
-- runs once at start) and stores it in the police-receipts bucket as the hosted job does each morning.
update private.paperwork_credentials
set ross1000_user = 'RM-LOCAL-0001', ross1000_password = 'local-ross1000-password', ross1000_structure = '058091-AFF-00042',
  ross1000_tested_at = now() - interval '8 days', ross1000_start_day = private.rome_today() - 7
where id;

insert into public.istat_days (day, status, arrivals, departures, open, attempts, last_attempt_at, sent_at, record_hash)
select d.day, 'sent', jsonb_array_length(m.record #> '{arrivi,arrivo}'), jsonb_array_length(m.record #> '{partenze,partenza}'),
  (m.record #>> '{struttura,apertura}') = 'SI', 1, ((d.day + 1) + time '00:20') at time zone 'Europe/Rome',
  ((d.day + 1) + time '00:20') at time zone 'Europe/Rome', md5(m.record::text)
from generate_series(private.rome_today() - 7, private.rome_today() - 1, interval '1 day') g(value)
cross join lateral (select g.value::date as day) d
cross join lateral (select private.ross1000_movimento(d.day) as record) m;

-- ---------------------------------------------------------------- an open desk alert (issue 40 §4)
-- A double booking from a channel, as a sync would leave it: Booking.com's calendar of room 4 has a
-- stay over Ana Silva's confirmed nights (CG-DEMO06, +20 to +23), kept as a conflict that does not
-- block the room. The alert is raised as public.channel_record_sync raises it (private.raise_alert,
-- a desk type): it shows on the Dashboard with a link to CG-DEMO06, and its one host e-mail
-- (host_alert) waits in the outbox for the dispatcher, which delivers it to the local inbox.
insert into public.external_blocks (feed_id, room_id, event_uid, summary, check_in_date, check_out_date, status)
select f.id, f.room_id, 'demo-overlap-4@booking.com', 'CLOSED - Not available', current_date + 21, current_date + 24,
  'conflict'
from public.channel_feeds f
where f.room_id = '10000000-0000-4000-8000-000000000004' and f.platform = 'booking';

select private.raise_alert(
  'channel_conflict', 'high',
  format('Double booking risk: booking calendar event demo-overlap-4@booking.com for room %s (%s to %s) collides with an existing stay or block.',
    r.room_number, current_date + 21, current_date + 24),
  f.id || ':demo-overlap-4@booking.com',
  jsonb_build_object('feed_id', f.id, 'room_id', f.room_id, 'platform', f.platform,
    'event_uid', 'demo-overlap-4@booking.com', 'check_in', current_date + 21, 'check_out', current_date + 24,
    'booking_id', '20000000-0000-4000-8000-000000000006', 'reference', 'CG-DEMO06'))
from public.channel_feeds f join public.rooms r on r.id = f.room_id
where f.room_id = '10000000-0000-4000-8000-000000000004' and f.platform = 'booking';

-- ---------------------------------------------------------------- the room board and housekeeping (issue 40, §3)
-- Web stays filling the board for the coming two weeks (the desk's phone stays are added by the
-- desk-bookings block), around the stays above (CG-DEMO04 in 202, CG-DEMO05 in 102) and 202's
-- staff stays ahead:
--   CG-DEMO21 Henrik Larsson  103  -3 .. today  checked out this morning: 103 is dirty
--   CG-DEMO22 Amélie Girard   103  today .. +3  arrives today: the board and Rooms say 103 is not ready
--   CG-DEMO23..30             101, 102, 201, 301: confirmed web stays within the next two weeks (101's
--                             never overlap 103's: 101's demo Airbnb feed imports 103's export)
-- The housekeeping list today: departure 103 (dirty, with an arrival), stay-over 202, the rest.
insert into public.bookings (id, reference, room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date,
                             guests, total_amount, discount_amount, status, source, created_at)
select s.id::uuid, s.reference, s.room::uuid, s.guest, s.email, s.phone, current_date + s.arrive, current_date + s.leave,
  s.guests, r.price_per_night * (s.leave - s.arrive), 0, s.status::public.booking_status, 'website', now() - s.booked
from (values
  ('20000000-0000-4000-8000-000000000021', 'CG-DEMO21', '10000000-0000-4000-8000-000000000003', 'Henrik Larsson', 'henrik.larsson@example.se', null, -3, 0, 2, 'checked_out', interval '20 days'),
  ('20000000-0000-4000-8000-000000000022', 'CG-DEMO22', '10000000-0000-4000-8000-000000000003', 'Amélie Girard', 'amelie.girard@example.fr', '+33 6 55 55 07 89', 0, 3, 2, 'confirmed', interval '11 days'),
  ('20000000-0000-4000-8000-000000000023', 'CG-DEMO23', '10000000-0000-4000-8000-000000000001', 'Daniel Kim', 'daniel.kim@example.kr', null, 3, 5, 2, 'confirmed', interval '14 days'),
  ('20000000-0000-4000-8000-000000000024', 'CG-DEMO24', '10000000-0000-4000-8000-000000000001', 'Olivia Brown', 'olivia.brown@example.co.uk', null, 8, 12, 2, 'confirmed', interval '6 days'),
  ('20000000-0000-4000-8000-000000000025', 'CG-DEMO25', '10000000-0000-4000-8000-000000000004', 'Famiglia Greco', 'greco@example.it', '+39 333 555 0110', 2, 6, 4, 'confirmed', interval '18 days'),
  ('20000000-0000-4000-8000-000000000026', 'CG-DEMO26', '10000000-0000-4000-8000-000000000004', 'Jonas Becker', 'jonas.becker@example.de', null, 10, 13, 3, 'confirmed', interval '4 days'),
  ('20000000-0000-4000-8000-000000000027', 'CG-DEMO27', '10000000-0000-4000-8000-000000000007', 'Isabella Rossi', 'isabella.rossi@example.com', null, 4, 8, 2, 'confirmed', interval '21 days'),
  ('20000000-0000-4000-8000-000000000028', 'CG-DEMO28', '10000000-0000-4000-8000-000000000007', 'Mia Andersen', 'mia.andersen@example.dk', null, 11, 14, 2, 'confirmed', interval '3 days'),
  ('20000000-0000-4000-8000-000000000029', 'CG-DEMO29', '10000000-0000-4000-8000-000000000002', 'Ethan Clarke', 'ethan.clarke@example.ca', null, 1, 5, 2, 'confirmed', interval '9 days'),
  ('20000000-0000-4000-8000-000000000030', 'CG-DEMO30', '10000000-0000-4000-8000-000000000002', 'Noemi Ricci', 'noemi.ricci@example.it', null, 11, 13, 1, 'confirmed', interval '2 days')
) as s (id, reference, room, guest, email, phone, arrive, leave, guests, status, booked)
join public.rooms r on r.id = s.room::uuid;
update public.bookings set
  total_cents = round(total_amount * 100)::integer,
  deposit_cents = round(total_amount * 30)::integer,
  balance_cents = round(total_amount * 100)::integer - round(total_amount * 30)::integer,
  free_cancellation_until = check_in_date - 2
where id between '20000000-0000-4000-8000-000000000021' and '20000000-0000-4000-8000-000000000030';
-- Henrik's stay was paid in full and checked out this morning: 103 waits for the cleaner.
insert into public.payments (booking_id, kind, amount_cents, method, actor, actor_id, created_at)
select b.id, p.kind::public.payment_kind, p.amount, 'card', 'staff', '00000000-0000-4000-8000-0000000000a2',
  (current_date + time '10:05') at time zone 'Europe/Rome'
from public.bookings b
cross join lateral private.folio_totals_of(b) t
cross join lateral (values ('balance', t.stay_balance_cents), ('city_tax', t.city_tax_open_cents)) p (kind, amount)
where b.id = '20000000-0000-4000-8000-000000000021' and p.amount > 0;
update public.room_housekeeping h
set state = 'dirty', changed_by = null, changed_at = (current_date + time '10:10') at time zone 'Europe/Rome'
where h.room_id = '10000000-0000-4000-8000-000000000003';
-- the demo data itself is not an audit event
delete from public.audit_logs
where (table_name = 'bookings' and record_id between '20000000-0000-4000-8000-000000000021' and '20000000-0000-4000-8000-000000000030')
   or table_name = 'room_housekeeping';

-- ================================================================ the city tax, declared (issue 41 §4)
-- The demo exemption with the guest's declaration (who signed, what, when), and last quarter's
-- payment to Roma Capitale: what the folio collected in that quarter, paid by pagoPA on the 10th of
-- the month after it (when that day has come), so the Year card's Modello 21 shows a payment.
update public.city_tax_exemptions
set declarant_name = 'Luca Ferri', declared_on = (select b.check_in_date from public.bookings b where b.id = booking_id),
  declaration = 'Arma dei Carabinieri, in servizio di ordine pubblico a Roma per la durata del soggiorno.'
where booking_id = '20000000-0000-4000-8000-000000000014' and reason = 'police_armed_forces';
insert into public.city_tax_remittances (period_start, paid_on, amount_cents, reference, recorded_by)
select q.start, q.paid_on, c.cents, 'IUV 0' || to_char(q.start, 'YYYYMM') || '0000001', '00000000-0000-4000-8000-0000000000a1'
from (select date_trunc('quarter', current_date - interval '3 months')::date as start,
        (date_trunc('quarter', current_date)::date + 9) as paid_on) q
cross join lateral (
  select sum(-private.folio_sign(p.kind, p.correction) * p.amount_cents)::integer as cents from public.payments p
  where p.kind = 'city_tax' and p.status = 'succeeded'
    and (p.created_at at time zone 'Europe/Rome')::date between q.start and (q.start + interval '3 months' - interval '1 day')::date
) c
where c.cents > 0 and q.paid_on <= current_date;
delete from public.audit_logs where table_name in ('city_tax_exemptions', 'city_tax_remittances');

-- ---------------------------------------------------------------- front desk demo (issue 40)
-- Bookings taken at the desk in the coming two weeks: a phone call, an e-mail and a walk-in, and
-- channel bookings typed in from Booking.com, Expedia and Airbnb, so the Bookings list, the
-- Calendar and the room board show every source. Each is written only if its nights are free (the
-- no-overlap trigger has the last word; a clash with other demo rows skips that one).
do $$
declare
  v_row record;
begin
  for v_row in
    select * from (values
      ('20000000-0000-4000-8000-000000000401'::uuid, '10000000-0000-4000-8000-000000000003'::uuid, 'Giulia Bianchi',
       'giulia.bianchi@example.it', '+39 333 555 0401', 1, 3, 2, 'phone', 'confirmed', 'it', 'Called at 9:40; arrives by train around 18:00.'),
      ('20000000-0000-4000-8000-000000000402'::uuid, '10000000-0000-4000-8000-000000000004'::uuid, 'Hans Becker',
       'hans.becker@example.de', null, 3, 6, 3, 'booking_com', 'confirmed', 'en', 'Booking.com 4021558810, paid at the property.'),
      ('20000000-0000-4000-8000-000000000403'::uuid, '10000000-0000-4000-8000-000000000002'::uuid, 'Claire Dubois',
       'claire.dubois@example.fr', '+33 6 55 55 04 03', 11, 13, 2, 'email', 'pending', 'fr', 'Asked by e-mail; link sent, deposit awaited.'),
      ('20000000-0000-4000-8000-000000000404'::uuid, '10000000-0000-4000-8000-000000000003'::uuid, 'Noah Fischer',
       'noah.fischer@example.com', '+41 79 555 04 04', 5, 8, 1, 'expedia', 'confirmed', 'en', null),
      ('20000000-0000-4000-8000-000000000405'::uuid, '10000000-0000-4000-8000-000000000004'::uuid, 'Emma Johansson',
       'emma.johansson@example.se', null, 9, 12, 2, 'airbnb', 'confirmed', 'en', 'Airbnb HM4X2Q, two adults.'),
      ('20000000-0000-4000-8000-000000000406'::uuid, '10000000-0000-4000-8000-000000000007'::uuid, 'Paolo Ferri',
       'paolo.ferri@example.it', '+39 320 555 0406', 0, 1, 2, 'walk_in', 'confirmed', 'it', 'Walked in at noon.')
    ) as t(id, room_id, guest_name, guest_email, guest_phone, from_day, to_day, guests, source, status, language, notes)
  loop
    begin
      insert into public.bookings (id, room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests,
        total_amount, total_cents, deposit_cents, balance_cents, status, special_requests, guest_language, source,
        nightly_rates, created_at)
      select v_row.id, v_row.room_id, v_row.guest_name, v_row.guest_email, v_row.guest_phone,
        current_date + v_row.from_day, current_date + v_row.to_day, v_row.guests,
        r.price_per_night * (v_row.to_day - v_row.from_day),
        (r.price_per_night * 100)::integer * (v_row.to_day - v_row.from_day),
        (r.price_per_night * 30)::integer, (r.price_per_night * 100)::integer * (v_row.to_day - v_row.from_day) - (r.price_per_night * 30)::integer,
        v_row.status::public.booking_status, v_row.notes, v_row.language, v_row.source,
        (select jsonb_agg(jsonb_build_object('night', current_date + n, 'price', r.price_per_night, 'season', null) order by n)
          from generate_series(v_row.from_day, v_row.to_day - 1) n),
        now() - interval '1 day' * (6 - v_row.from_day % 6)
      from public.rooms r where r.id = v_row.room_id;
    exception when others then
      raise notice 'front desk demo booking % skipped: %', v_row.guest_name, sqlerrm;
    end;
  end loop;
end $$;
delete from public.audit_logs where table_name = 'bookings' and record_id like '20000000-0000-4000-8000-0000000004%';
