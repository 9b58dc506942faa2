export { aLead } from "@crm/contracts/testing/lead";
