import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { imageOriginOf, securityHeaders } from '../../common/http/security-headers';
import { CatalogRepository } from '../catalog.repository';

/**
 * The security headers in effect, with the CSP's img-src following the organizer's image
 * templates: read at start, recomputed when this process changes a template
 * (CatalogService.updateSet). Another instance picks a change up at its restart (a
 * template is set once per set, before an event; the rest of the header list never changes).
 */
@Injectable()
export class ImagePolicy implements OnApplicationBootstrap {
  private readonly logger = new Logger('ImagePolicy');
  /** The headers every answer carries (read per request by app.setup.ts). */
  headers: [string, string][] = securityHeaders();

  constructor(private readonly repository: CatalogRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
  }

  /** Re-reads the templates and recomputes the headers. */
  async refresh(): Promise<void> {
    try {
      const origins = (await this.repository.imageTemplates()).map(imageOriginOf).filter((o): o is string => o !== null);
      this.headers = securityHeaders(origins);
    } catch (error) {
      // Keep the last headers: a stricter img-src only hides pictures.
      this.logger.warn(`image hosts not read: ${(error as Error).message}`);
    }
  }
}
