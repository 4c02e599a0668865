import { createCalendarFeed, deleteCalendarFeed, type CalendarFeedLink } from '../../calendar/calendar-feed-token.js';
import { builder } from '../builder.js';

const CalendarFeed = builder.objectRef<CalendarFeedLink>('CalendarFeed').implement({
  description: "The caller's calendar subscription URL (iCalendar): secret, no bearer token needed to read it.",
  fields: (t) => ({
    url: t.exposeString('url', { description: 'GET it for VEVENTs, or with ?kind=todo for VTODOs' }),
  }),
});

builder.mutationFields((t) => ({
  createCalendarFeed: t.field({
    type: CalendarFeed,
    description: 'Turns the calendar feed on, or rotates its URL: the previous URL stops working at once.',
    resolve: (_root, _args, ctx) => createCalendarFeed(ctx.caller),
  }),
  deleteCalendarFeed: t.boolean({
    description: 'Turns the calendar feed off; false when it was already off.',
    resolve: (_root, _args, ctx) => deleteCalendarFeed(ctx.caller),
  }),
}));
