import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { complaintStatusSchema, operatorComplaintTypeRequestSchema, operatorReplyRequestSchema, OperatorRoutes } from '@lend/contracts';
import { operatorApi, pageParams, parsed, single, UsageError, type Command } from './command-kit';

function positiveId(value: string | undefined, name: string): string {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) throw new UsageError(`${name} must be a positive whole number`);
  return value;
}

async function readImage(path: string): Promise<Blob> {
  try {
    return new Blob([await readFile(path)], { type: 'application/octet-stream' });
  } catch (error) {
    throw new UsageError(`--image ${path}: ${(error as Error).message}`);
  }
}

export const COMPLAINT_COMMANDS: Command[] = [
  {
    words: ['complaint', 'list'],
    usage: 'complaint list [--status open|replied] [--limit <1-200>] [--cursor <c>]',
    summary: 'Complaints, nearest answer deadline first, a page at a time; prints {"items":[…],"nextCursor"}',
    run: async (context, options) => {
      const text = single(options, 'status');
      const status = text === undefined ? undefined : parsed(complaintStatusSchema, text, () => '--status');
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.complaints, { query: { status, ...pageParams(options) } })));
    },
  },
  {
    words: ['complaint', 'reply'],
    usage: 'complaint reply <problemId> --text "…" [--image <path>]…',
    summary: 'Answer a complaint with text and up to 9 images, and ask the borrower to rate the answer',
    run: async (context, options, positionals) => {
      const problemId = positiveId(positionals[0], 'problemId');
      const text = single(options, 'text');
      const paths = options.image ?? [];
      // Check the text and the count before uploading anything.
      parsed(operatorReplyRequestSchema, { text, images: [] }, () => '--text');
      const blobs = await Promise.all(paths.map(readImage));
      const api = operatorApi(context);
      const images: string[] = [];
      for (const [index, blob] of blobs.entries()) {
        const form = new FormData();
        form.append('image', blob, basename(paths[index] ?? 'image'));
        images.push((await api.call(OperatorRoutes.complaintImageUpload, { body: form })).url);
      }
      context.print(JSON.stringify(await api.call(OperatorRoutes.complaintReply, { params: { problemId }, body: { text: text ?? '', images } })));
    },
  },
  {
    words: ['complaint', 'type', 'list'],
    usage: 'complaint type list',
    summary: 'Problem types and child types; prints {"types":[…]}',
    run: async (context) => {
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.complaintTypes)));
    },
  },
  {
    words: ['complaint', 'type', 'set'],
    usage: 'complaint type set <value> --en "…" --es "…" [--parent <value>] [--order <n>] [--inactive]',
    summary: 'Create or change a problem type; --parent makes it a child type, --inactive stops offering it',
    run: async (context, options, positionals) => {
      const value = positiveId(positionals[0], 'value');
      const parent = single(options, 'parent');
      const order = single(options, 'order');
      const body = parsed(
        operatorComplaintTypeRequestSchema,
        {
          titleEn: single(options, 'en'),
          titleEs: single(options, 'es'),
          parentValue: parent === undefined ? null : Number(positiveId(parent, '--parent')),
          sortOrder: order === undefined ? undefined : Number(order),
          active: options.inactive === undefined,
        },
        (path) => ({ titleEn: '--en', titleEs: '--es', parentValue: '--parent', sortOrder: '--order' })[path] ?? `--${path}`,
      );
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.complaintTypeSave, { params: { value }, body })));
    },
  },
];
