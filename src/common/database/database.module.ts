import { DynamicModule, Global, Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';

/** Provides PrismaService for a connection URL resolved before the app is built (see database-target.ts). */
@Global()
@Module({})
export class DatabaseModule {
  static forUrl(connectionString: string): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: PrismaService, useFactory: () => new PrismaService(connectionString) }],
      exports: [PrismaService],
    };
  }
}
