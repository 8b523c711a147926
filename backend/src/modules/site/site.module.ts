import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { SiteController } from './site.controller.js';

@Module({ imports: [UsersModule], controllers: [SiteController] })
export class SiteModule {}
