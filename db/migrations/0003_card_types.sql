-- Card types a property may accept: the project's own static data. Ids are stable (they are
-- the wire's CreditCardTypeId) and never reused; `code` is what card-number detection in
-- packages/domain answers; `name` is what property definitions list under CreditCards.
INSERT INTO "card_types" ("id", "code", "name") VALUES
  (1, 'visa', 'Visa'),
  (2, 'mastercard', 'Mastercard'),
  (3, 'amex', 'American Express'),
  (4, 'discover', 'Discover'),
  (5, 'unionpay', 'UnionPay'),
  (6, 'troy', 'Troy'),
  (7, 'diners', 'Diners Club'),
  (8, 'jcb', 'JCB');
