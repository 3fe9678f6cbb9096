import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { SetImporter } from './set-importer';

@Module({
  controllers: [CatalogController],
  providers: [CatalogRepository, CatalogService, SetImporter],
  exports: [CatalogRepository, CatalogService, SetImporter],
})
export class CatalogModule {}
