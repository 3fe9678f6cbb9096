import { Injectable } from '@nestjs/common';
import { PrismaService } from '../common/database/prisma.service';
import { DraftService } from '../draft/draft.service';
import type { PlayerRow } from '../events/events.repository';
import { liveViewOf, type LiveView } from './live-view';

/** Computes a player's live view from the database, through the very code that answers /me. */
@Injectable()
export class LiveViews {
  constructor(
    private readonly draft: DraftService,
    private readonly prisma: PrismaService,
  ) {}

  /** @throws DomainError EVENT_NOT_FOUND */
  async view(eventId: string, player: PlayerRow): Promise<LiveView> {
    const me = await this.draft.me(eventId, player);
    const pod = me.podId ? await this.prisma.pod.findUnique({ where: { id: me.podId }, select: { pausedAt: true } }) : null;
    return liveViewOf(me, pod?.pausedAt != null);
  }
}
