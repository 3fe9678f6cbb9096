import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { AppConfig } from '../../common/config/app-config';
import { PROJECT_ROOT } from '../../common/database/database-target';
import { CatalogRepository } from '../catalog.repository';
import { IMAGE_TYPES, imageFileFor, matchImageFiles, type ImageCardKey, type ImageMatch, type UnmatchedFile } from './card-image-files';

/** Deepest folder level and most files read from the image folder (a pack is a few thousand files). */
const MAX_DEPTH = 4;
const MAX_FILES = 200_000;

/** What the last scan of the image folder found (GET /api/card-images/report). */
export interface CardImageReport {
  /** The folder, as configured (CARD_IMAGES_DIR). */
  dir: string;
  /** False when the folder does not exist (no local images: templates only). */
  exists: boolean;
  scannedAt: string;
  /** Files read (images and others). */
  files: number;
  /** Files that show a card. */
  matched: number;
  unmatched: UnmatchedFile[];
}

interface FileInfo {
  absolute: string;
  /** Changes when the file is replaced: part of its URL, so the long cache never serves an old picture. */
  version: string;
  mediaType: string;
}

/**
 * The store's local card images (CARD_IMAGES_DIR): scanned at start and on the organizer's
 * request, matched to the catalog's cards by name (card-image-files.ts). Card objects carry the
 * local URL (`/api/card-images/<game>/<set>/<number>?v=…`) when a file shows the card.
 * Listeners of `changes` ('changed') hear each scan: caches of card objects forget them.
 */
@Injectable()
export class CardImages implements OnApplicationBootstrap {
  private readonly logger = new Logger('CardImages');
  private match: ImageMatch = { bySetNumber: new Map(), byGuid: new Map(), unmatched: [] };
  private files = new Map<string, FileInfo>();
  private lastReport: CardImageReport | null = null;
  private scanning: Promise<CardImageReport> | null = null;
  readonly changes = new EventEmitter();
  readonly dir: string;

  constructor(
    private readonly repository: CatalogRepository,
    config: AppConfig,
  ) {
    this.dir = isAbsolute(config.CARD_IMAGES_DIR) ? config.CARD_IMAGES_DIR : resolve(PROJECT_ROOT, config.CARD_IMAGES_DIR);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.scan();
  }

  /** The last scan's report (scans first when none ran yet). */
  report(): Promise<CardImageReport> {
    return this.lastReport ? Promise.resolve(this.lastReport) : this.scan();
  }

  /**
   * Reads the folder again and matches it to the catalog's cards; one scan at a time (a second
   * request waits for the running one). Logs how many files match no card.
   */
  scan(): Promise<CardImageReport> {
    this.scanning ??= this.scanNow().finally(() => (this.scanning = null));
    return this.scanning;
  }

  /** URL of the local image of a card, or undefined when no file shows it. */
  urlFor(card: ImageCardKey): string | undefined {
    const file = imageFileFor(this.match, card);
    const info = file ? this.files.get(file) : undefined;
    if (!info) return undefined;
    return `/api/card-images/${encodeURIComponent(card.game)}/${encodeURIComponent(card.setCode.toUpperCase())}/${card.number}?v=${info.version}`;
  }

  /** The file showing a card (for the image route), or null. */
  fileFor(card: ImageCardKey): { absolute: string; mediaType: string } | null {
    const file = imageFileFor(this.match, card);
    return (file && this.files.get(file)) || null;
  }

  private async scanNow(): Promise<CardImageReport> {
    const listed = await this.walk();
    const cards = listed.exists ? await this.repository.imageCardKeys() : [];
    const match = matchImageFiles([...listed.files.keys()], cards);
    this.match = match;
    this.files = listed.files;
    const matched = match.bySetNumber.size + match.byGuid.size;
    this.lastReport = { dir: this.dir, exists: listed.exists, scannedAt: new Date().toISOString(), files: listed.files.size, matched, unmatched: match.unmatched };
    if (listed.exists)
      this.logger.log(
        `card images in ${this.dir}: ${listed.files.size} files, ${matched} show a card, ${match.unmatched.length} match no card` +
          (match.unmatched.length
            ? ` (e.g. ${match.unmatched
                .slice(0, 5)
                .map((u) => `${u.file}: ${u.reason}`)
                .join(', ')}; GET /api/card-images/report lists them)`
            : ''),
      );
    this.changes.emit('changed');
    return this.lastReport;
  }

  private async walk(): Promise<{ exists: boolean; files: Map<string, FileInfo> }> {
    const files = new Map<string, FileInfo>();
    const exists = await stat(this.dir).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!exists) return { exists, files };
    const visit = async (relative: string, depth: number): Promise<void> => {
      const entries = await readdir(join(this.dir, relative), { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (entry.name.startsWith('.') || files.size >= MAX_FILES) continue;
        const rel = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (depth < MAX_DEPTH) await visit(rel, depth + 1);
        } else if (entry.isFile()) {
          const absolute = join(this.dir, rel);
          const ext = entry.name.slice(entry.name.lastIndexOf('.') + 1).toLowerCase();
          const s = await stat(absolute).catch(() => null);
          if (s) files.set(rel, { absolute, version: `${s.size.toString(36)}${Math.floor(s.mtimeMs).toString(36)}`, mediaType: IMAGE_TYPES[ext] ?? 'application/octet-stream' });
        }
      }
    };
    await visit('', 1);
    return { exists, files };
  }
}
