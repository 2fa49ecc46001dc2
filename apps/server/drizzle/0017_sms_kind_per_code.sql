ALTER TABLE "sms_outbox" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
UPDATE "sms_outbox" SET "kind" = CASE
  WHEN "text" LIKE 'Lend: your payment code%' OR "text" LIKE 'Lend: su código de pago%' THEN 'payment-code'
  WHEN "text" LIKE 'Your Lend verification code%' OR "text" LIKE 'Su código de verificación de Lend%' THEN 'promotion-code'
  ELSE 'sign-in-code'
END WHERE "kind" = 'code';
