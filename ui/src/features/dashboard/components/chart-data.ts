import type { PipelineCharts } from "@crm/contracts/lead/answers";

/** One bar of "Leads per stage": how many open leads sit in the stage (GET /api/stats/pipeline). */
export type StageCount = PipelineCharts["byStage"][number];

/** One bar of "New leads per week": the week's Monday (YYYY-MM-DD, the reader's calendar) and the leads created in it. */
export type WeekCount = PipelineCharts["newPerWeek"][number];
