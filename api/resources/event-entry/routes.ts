// Event entry download (spec 001 イベント申込ダウンロード, /event-entry-dl):
//   /api/EventEntryDownload/getInitialDisplayData {targetDate} → eventListData (newest event date
//     first, each with its date: the screen lists them as 「yyyy/MM/dd HH:mm タイトル」)
//   /api/EventEntryDownload/getEntryFile {eventId} → the entry file (CSV), or 204 when nobody
//     has applied (the screen says ERR_0009)
// Needs the permission of category 114 (provider staff). The file holds applicants' personal
// data, so every download is audited (who, which event, how many rows).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { recordAudit } from '../../audit/record';
import { targetDateFor, type Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { slashDateTime, WireId } from '../content/wire';
import { contentDisposition } from '../../files/content-disposition';
import { enforceForm } from '../../forms/enforce';
import { problem } from '../../http/problems';
import { Body, CallerIds, TargetDate } from '../../http/wire';
import { entryFile, entryFileNameOf } from './entry-file';
import { downloadableEvents, entriesOf, findEvent } from './repository';
import { CATEGORY } from '../../../schemas/categories';
import { perUserPerMinute } from '../../security/rate-limit';

const FORM_ID = 'event-entry-dl';

const EventListItem = Type.Object({
  eventId: Type.Number(),
  eventName: Type.String({ description: 'The event title' }),
  eventCsvFileName: Type.String({ description: 'The name the entry file is saved under' }),
  eventDate: Type.String({
    description:
      'Added (issue 22): when the event is held, yyyy/MM/dd HH:mm Tokyo; the screen shows it beside the title, since titles do not follow the dates',
  }),
});

export default async function eventEntryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const authorize = async (caller: Caller) => {
    if (!(await can(app.db, caller, CATEGORY.EVENT_ENTRY_DL))) throw problem.forbidden();
  };

  app.post(
    '/api/EventEntryDownload/getInitialDisplayData',
    {
      config: { form: FORM_ID },
      schema: {
        description:
          'The events whose entries may be downloaded: category 7, not deleted, posted by the target date (business date for provider administrators), newest event date first.',
        body: Body({ ...CallerIds, targetDate: TargetDate }),
        response: { 200: Type.Object({ eventListData: Type.Array(EventListItem) }) },
      },
    },
    async (request) => {
      const caller = request.caller!;
      await authorize(caller);
      const events = await downloadableEvents(app.db, targetDateFor(caller, request.body.targetDate, app.clock));
      return {
        eventListData: events.map((e) => ({
          eventId: e.content_id,
          eventName: e.title,
          eventCsvFileName: entryFileNameOf(e),
          eventDate: slashDateTime(new Date(e.kaisai_at)),
        })),
      };
    },
  );

  app.post(
    '/api/EventEntryDownload/getEntryFile',
    {
      config: { form: FORM_ID, rateLimit: perUserPerMinute('csv') },
      schema: {
        description:
          "The entry file of an event: CSV, UTF-8 with a byte-order mark (Excel reads it), CRLF, cells neutralised against formulas; one line per application, cancelled ones marked. Saved under the event's CSV file name (Content-Disposition). 204 when the event has no application.",
        body: Body({ ...CallerIds, eventId: Type.Optional(WireId('The event (eventId of eventListData)')) }),
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      await authorize(caller);
      await enforceForm(app, FORM_ID, {
        eventId: request.body.eventId === undefined ? undefined : String(request.body.eventId),
      });
      const event = await findEvent(app.db, Number(request.body.eventId));
      if (!event) throw problem.validation([{ messageId: 'ERR_0009', args: ['イベント'] }]);
      const entries = await entriesOf(app.db, event.content_id);
      if (entries.length === 0) return reply.code(204).send();
      const fileName = entryFileNameOf(event);
      await recordAudit(app.db, {
        caller,
        action: 'download',
        entity: 'event_entries',
        entityId: event.content_id,
        after: { fileName, rowCount: entries.length, liveCount: entries.filter((e) => !e.cancelled_at).length },
        at: app.clock.now(),
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(entryFile(entries));
    },
  );
}
