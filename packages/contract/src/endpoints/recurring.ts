import { z } from 'zod';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import { paginated } from '../client-companies.js';
import {
  recurringSchedule,
  recurringScheduleChoice,
  recurringScheduleCreateBody,
  recurringScheduleListQuery,
  recurringScheduleUpdateBody,
  scheduleOccurrence,
  upcomingOccurrence,
} from '../recurring.js';

const tags = ['recurring requests'];

/**
 * Recurring requests. Staff manage a company's schedules (clients never do); `recurring` answers the
 * communications one schedule created, `recurring-list` the occurrences still to come across a
 * company's schedules, for the accountant's and the client's Scheduled screens.
 */
export const recurringEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'accounting/recurring-schedule/create/',
    tags,
    summary: 'A schedule repeating a request for a client company: weekly on weekdays, or monthly, quarterly or yearly on a day or the last day',
    body: recurringScheduleCreateBody,
    responses: { 201: recurringSchedule },
    idempotent: true,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'accounting/recurring-schedule/update/{pk}/',
    tags,
    summary: 'Change a schedule: its content, due days or dates; occurrences already created stay as they are',
    params: pkParams,
    body: recurringScheduleUpdateBody,
    responses: { 200: recurringSchedule },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: 'accounting/recurring-schedule/delete/{pk}/',
    tags,
    summary: 'Stop a schedule; the communications it already created stay',
    params: pkParams,
    responses: { 204: noContent },
  }),
  list: endpoint({
    method: 'GET',
    path: 'accounting/accountant/client-company/{pk}/recurring-schedule/list/',
    tags,
    summary: 'A client company’s schedules, newest first',
    params: pkParams,
    query: recurringScheduleListQuery,
    responses: { 200: paginated(recurringSchedule) },
  }),
  simpleList: endpoint({
    method: 'GET',
    path: 'accounting/accountant/client-company/{pk}/recurring-schedule/simple-list/',
    tags,
    summary: 'A client company’s schedules for pickers: subject, kind and frequency',
    params: pkParams,
    responses: { 200: z.array(recurringScheduleChoice) },
  }),
  recurring: endpoint({
    method: 'GET',
    path: 'accounting/communication/recurring/{pk}/',
    tags,
    summary: 'The communications a schedule created, newest first (the last 500)',
    params: pkParams,
    responses: { 200: z.array(scheduleOccurrence) },
  }),
  recurringList: endpoint({
    method: 'GET',
    path: 'accounting/accountant/client-company/{pk}/communications/recurring-list/',
    tags,
    summary: 'The occurrences still to come across a client company’s schedules, soonest first (the next 92 days, 200 at most)',
    params: pkParams,
    responses: { 200: z.array(upcomingOccurrence) },
  }),
  clientRecurringList: endpoint({
    method: 'GET',
    path: 'accounting/client/company/{pk}/communications/recurring-list/',
    tags,
    summary: 'The requests the firm has scheduled for the company, soonest first (the next 92 days, 200 at most)',
    params: pkParams,
    responses: { 200: z.array(upcomingOccurrence) },
  }),
};
