import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { SetImporter } from './set-importer';
import { CardImagesController } from './images/card-images.controller';
import { CardImages } from './images/card-images.service';
import { ImagePolicy } from './images/image-policy';

@Module({
  controllers: [CatalogController, CardImagesController],
  providers: [CatalogRepository, CatalogService, SetImporter, CardImages, ImagePolicy],
  exports: [CatalogRepository, CatalogService, SetImporter, CardImages, ImagePolicy],
})
export class CatalogModule {}
