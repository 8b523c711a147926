import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { PublicProfileDto, SeasonResultsDto, StatsSummaryDto } from '../../contracts/profiles.js';
import { ListSize } from '../../infra/graphql/graphql-types.js';
import { DriverSeasonResultsType, DriverStatsType, ProfileType } from '../profiles/index.js';
import { DriverRecordService } from './driver-record.service.js';

/** `Profile.stats` and `Profile.results` in the GraphQL API: the REST reads' record, as a visitor sees it (nothing for a hidden profile). */
@Resolver(() => ProfileType)
export class DriverRecordResolver {
  constructor(private readonly records: DriverRecordService) {}

  @ResolveField(() => DriverStatsType)
  stats(@Parent() profile: PublicProfileDto): Promise<StatsSummaryDto> {
    return this.records.stats(profile.id, undefined);
  }

  @ListSize(3)
  @ResolveField(() => [DriverSeasonResultsType], { description: 'Results by season' })
  results(@Parent() profile: PublicProfileDto): Promise<SeasonResultsDto[]> {
    return this.records.results(profile.id, undefined);
  }
}
