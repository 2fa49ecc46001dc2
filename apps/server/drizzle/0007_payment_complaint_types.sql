-- Child types of "Loan, charges and repayment" (2): a payment the borrower made that the order does not show gets its own type, so the payments screen files it where it is answered; the other two keep every other repayment matter filable.
INSERT INTO "complaint_types" ("value", "parent_value", "title_en", "title_es", "sort_order") VALUES
	(201, 2, 'A payment I made does not show', 'Un pago que hice no aparece', 1),
	(202, 2, 'A charge or amount I do not agree with', 'Un cargo o monto con el que no estoy de acuerdo', 2),
	(203, 2, 'Another loan or repayment problem', 'Otro problema del préstamo o de los pagos', 3)
ON CONFLICT ("value") DO NOTHING;
