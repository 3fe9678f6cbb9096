import { Module } from '@nestjs/common';
import { BackupScheduler } from './backup-scheduler';

/**
 * Backups of the whole database: the schedule that runs in the server. `npm run backup` and
 * `npm run restore` (src/cli) use the same dump and restore without Nest.
 */
@Module({ providers: [BackupScheduler], exports: [BackupScheduler] })
export class BackupModule {}
