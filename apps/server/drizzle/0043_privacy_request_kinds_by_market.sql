-- Rights requests by market (docs/decisions/231): besides Mexico's four ARCO rights, India's under
-- the DPDP Act (a summary of the data, correction, erasure, grievance, nomination). The service
-- refuses a kind that is not the borrower's market's; the table accepts the kinds of both.
ALTER TABLE "arco_requests" DROP CONSTRAINT "arco_requests_kind_check";--> statement-breakpoint
ALTER TABLE "arco_requests" ADD CONSTRAINT "arco_requests_kind_check" CHECK ("arco_requests"."kind" in ('access', 'rectification', 'cancellation', 'opposition', 'access-summary', 'correction', 'erasure', 'grievance', 'nomination'));