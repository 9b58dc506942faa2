import { contentSubmissions, creativeFiles, creativeTasks } from "@crm/contracts/read-models/creative";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";

export const FILE_COLUMNS = sqlTypes(creativeFiles);
export const SUBMISSION_COLUMNS = sqlTypes(contentSubmissions);
export const TASK_COLUMNS = sqlTypes(creativeTasks);

/** The tables as contracts/src/read-models/creative.ts declares them, with the indexes the handlers and the read API use. */
export const CREATIVE_DDL = `
  ${createTableSql(creativeFiles)}
  CREATE INDEX creative_files_lead ON creative_files (lead_id);
  ${createTableSql(contentSubmissions)}
  CREATE INDEX content_submissions_lead ON content_submissions (lead_id, created_at DESC);
  CREATE INDEX content_submissions_recent ON content_submissions (created_at DESC);
  ${createTableSql(creativeTasks)}
  CREATE INDEX creative_tasks_lead ON creative_tasks (lead_id, created_at DESC);
`;
