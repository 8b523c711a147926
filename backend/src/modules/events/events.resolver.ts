import { GraphqlRead } from '../../infra/graphql/graphql-reads.js';
import { EVENT_READS } from './events.reads.js';
import { Args, Query, Resolver } from '@nestjs/graphql';
import type { Page } from '../../contracts/api.js';
import type { EventDetailsDto, EventDto } from '../../contracts/events.js';
import { IdArgs } from '../../infra/graphql/graphql-types.js';
import { EventsService } from './events.service.js';
import { EventDetailsType, EventListArgs, EventPageType, EventType } from './graphql/event.types.js';

/**
 * Events in the GraphQL API: the same reads as `GET /api/events/planned|past|{id}`, for everyone as a
 * visitor sees them (published events only, whoever asks).
 */
@Resolver(() => EventType)
export class EventsResolver {
  constructor(private readonly events: EventsService) {}

  @Query(() => EventPageType, { description: 'Upcoming published events, soonest first' })
  @GraphqlRead(EVENT_READS)
  plannedEvents(@Args() query: EventListArgs): Promise<Page<EventDto>> {
    return this.events.planned(query);
  }

  @Query(() => EventPageType, { description: 'Published events that have started, latest first' })
  @GraphqlRead(EVENT_READS)
  pastEvents(@Args() query: EventListArgs): Promise<Page<EventDto>> {
    return this.events.past(query);
  }

  @Query(() => EventDetailsType, { nullable: true, description: 'One published event with the drivers in it (null and a NOT_FOUND error when there is none)' })
  @GraphqlRead(EVENT_READS)
  event(@Args() { id }: IdArgs): Promise<EventDetailsDto> {
    return this.events.details(id, null);
  }
}
