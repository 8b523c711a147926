import { OutboxEvent } from './outbox-event.entity.js';
import { ProcessedEvent } from './processed-event.entity.js';

/** The outbox's own tables: pending events, and which subscriber handled which event. */
export const OUTBOX_ENTITIES = [OutboxEvent, ProcessedEvent] as const;
