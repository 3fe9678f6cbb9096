import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { BoostersController } from './boosters.controller';
import { BoostersService } from './boosters.service';

@Module({ imports: [CatalogModule], controllers: [BoostersController], providers: [BoostersService] })
export class BoostersModule {}
