import { eventChainMigrations } from "@crm/infra/audit/event-chain.migrations";
import { identityMigrations } from "@crm/infra/auth/identity.migrations";
import { rateLimitMigrations } from "@crm/infra/auth/rate-limit.migrations";
import { calendarMigrations } from "@crm/infra/calendar/calendar.migrations";
import { clientLinkMigrations } from "@crm/infra/client-links/client-link.migrations";
import type { Migration } from "@crm/infra/db/migrations";
import { eventStoreMigrations } from "@crm/infra/event-store/postgres-event-store.migrations";
import { checkpointMigrations } from "@crm/projector/checkpoints";
import { reactorMigrations } from "@crm/infra/reactor/reactor.migrations";

/** Every schema migration, in the order they apply. Read-model tables belong to the projector. */
export const ALL_MIGRATIONS: readonly Migration[] = [...eventStoreMigrations, ...eventChainMigrations, ...checkpointMigrations, ...identityMigrations, ...rateLimitMigrations, ...reactorMigrations, ...clientLinkMigrations, ...calendarMigrations];
