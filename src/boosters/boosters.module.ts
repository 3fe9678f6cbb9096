import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { BoostersController } from './boosters.controller';
import { BoostersService } from './boosters.service';
import { SetVersionCache } from './set-version-cache';

@Module({ imports: [CatalogModule], controllers: [BoostersController], providers: [BoostersService, SetVersionCache], exports: [SetVersionCache] })
export class BoostersModule {}
