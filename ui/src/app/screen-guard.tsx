import { Outlet } from "react-router";
import { describeRoles } from "@/lib/roles";
import { useCurrentUser } from "@/lib/session";
import { NoAccessPage } from "./no-access-page.tsx";
import { mayUse, type ScreenAccess } from "./screen-table.ts";

/**
 * The route guard of the screen table: the screen for a role that may use it, the "No access" page for any
 * other. It follows the ["me"] query, so a role changed by a Partner applies at the next live notice.
 */
export function ScreenGuard({ screen }: { screen: ScreenAccess }) {
  const user = useCurrentUser();
  if (mayUse(screen, user.role)) return <Outlet />;
  return <NoAccessPage what={screen.name} explanation={`is for ${describeRoles(screen.roles)} only.`} role={user.role} />;
}
