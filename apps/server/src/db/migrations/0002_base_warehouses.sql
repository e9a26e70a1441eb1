-- The marketplace's warehouses (spec 000 §3: Bykovo, Sofino, Chekhov, Novokhokhlovskaya). Reference data, not demo.
INSERT INTO "base_warehouses" ("code", "name", "address") VALUES
  ('Bykovo', 'Быково', 'Московская обл., г. о. Раменский, пос. Быково, ул. Аэропортовская, 14'),
  ('Sofino', 'Софьино', 'Московская обл., г. о. Раменский, д. Софьино, ул. Логистическая, 1'),
  ('Chekhov', 'Чехов', 'Московская обл., г. Чехов, ул. Вишнёвая, 10'),
  ('Novokhokhlovskaya', 'Новохохловская', 'г. Москва, ул. Новохохловская, 23, стр. 1')
ON CONFLICT ("code") DO NOTHING;
