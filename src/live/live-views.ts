import { Injectable } from '@nestjs/common';
import { PrismaService } from '../common/database/prisma.service';
import { DraftService } from '../draft/draft.service';
import type { MeDto } from '../draft/dto/draft.dto';
import type { PlayerRow } from '../events/events.repository';
import { liveViewOf, type LiveView } from './live-view';

interface PodBatch {
  players: Map<string, PlayerRow>;
  result: Promise<{ paused: boolean; views: Map<string, MeDto> }>;
}

/**
 * Computes players' live views from the database, through the code that answers /me. After a
 * pick every connected player of the pod is recomputed at once; requests for the same pod made in
 * the same tick share one load of the pod.
 */
@Injectable()
export class LiveViews {
  private readonly batches = new Map<string, PodBatch>();

  constructor(
    private readonly draft: DraftService,
    private readonly prisma: PrismaService,
  ) {}

  /**
   * @param podId the player's pod when known (after their first view): enables batching.
   * @throws DomainError EVENT_NOT_FOUND
   */
  async view(eventId: string, player: PlayerRow, podId?: string | null): Promise<LiveView> {
    if (podId) {
      const { paused, views } = await this.batchFor(eventId, podId, player);
      const me = views.get(player.id);
      if (me) return liveViewOf(me, paused);
    }
    const me = await this.draft.me(eventId, player);
    const pod = me.podId ? await this.prisma.pod.findUnique({ where: { id: me.podId }, select: { pausedAt: true } }) : null;
    return liveViewOf(me, pod?.pausedAt != null);
  }

  private batchFor(eventId: string, podId: string, player: PlayerRow): PodBatch['result'] {
    const key = `${eventId}:${podId}`;
    let batch = this.batches.get(key);
    if (!batch) {
      const players = new Map<string, PlayerRow>();
      // Collect every request of this tick, then load the pod once for all of them.
      const result = Promise.resolve().then(() => {
        this.batches.delete(key);
        return this.draft.podViews(eventId, podId, [...players.values()]);
      });
      batch = { players, result };
      this.batches.set(key, batch);
    }
    batch.players.set(player.id, player);
    return batch.result;
  }
}
