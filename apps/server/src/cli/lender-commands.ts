import { companyFactsInputSchema, OperatorRoutes, PHONE_MARKETS, serviceContactsInputSchema, type PhoneMarket } from '@lend/contracts';
import { checkedFile, operatorApi, readJsonFile, required, UsageError, type Command } from './command-kit';

function marketOption(options: Record<string, string[]>): PhoneMarket {
  const market = required(options, 'market', 'MX|IN');
  const found = PHONE_MARKETS.find((candidate) => candidate === market);
  if (!found) throw new UsageError('--market must be MX or IN');
  return found;
}

/** Each market's lender facts and customer-service contacts (docs/decisions/230); administrators' calls, audited. */
export const LENDER_COMMANDS: Command[] = [
  {
    words: ['lender', 'facts'],
    usage: 'lender facts',
    summary: "Each market's lender facts and customer-service contacts, one JSON line per market (null where not set)",
    run: async (context) => {
      const data = await operatorApi(context).call(OperatorRoutes.lenderFacts, {});
      for (const item of data.items) context.print(JSON.stringify(item));
    },
  },
  {
    words: ['lender', 'company', 'set'],
    usage: 'lender company set --market MX|IN --file <company.json>',
    summary:
      "Set a market's lender from a JSON file (name, email, address, cin, nbfcNumber, site, phone, complaintsOfficer, complaintsEmail, complaintsPhone, complaintsAddress); phones of the market's country; prints it",
    run: async (context, options) => {
      const market = marketOption(options);
      const body = checkedFile(companyFactsInputSchema, readJsonFile(required(options, 'file', '<company.json>')));
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.lenderCompanyFacts, { params: { market }, body })));
    },
  },
  {
    words: ['lender', 'contacts', 'set'],
    usage: 'lender contacts set --market MX|IN --file <contacts.json>',
    summary: "Set a market's customer-service contacts from a JSON file (whatsapp, telephone, email); phones of the market's country; prints them",
    run: async (context, options) => {
      const market = marketOption(options);
      const body = checkedFile(serviceContactsInputSchema, readJsonFile(required(options, 'file', '<contacts.json>')));
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.lenderServiceContacts, { params: { market }, body })));
    },
  },
];
