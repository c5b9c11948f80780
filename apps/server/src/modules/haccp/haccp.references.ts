import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import {
  ccpMonitorings,
  haccpSignatures,
  sanitationCheckLists,
  sanitationTemplateItems,
  visualInspections,
} from './haccp.table.ts';

// What HACCP records refer to (platform/references.ts): a CCP with records cannot be deleted; a user who monitored or
// signed records cannot be deleted (the records name them for good). Shown on the CCP monitoring screen, by check time.
const record = (column: AnyPgColumn, refers: string): Reference => ({
  table: ccpMonitorings,
  column,
  refers,
  screen: 'ccpMonitoring',
  id: sql<string>`to_char(${ccpMonitorings.checkedAt}, 'YYYY-MM-DD HH24:MI')`,
  name: sql<string>`(select c.name from ccps c where c.id = ${ccpMonitorings.ccpId})`,
  createdBy: ccpMonitorings.createdBy,
  createdAt: ccpMonitorings.createdAt,
});

// Sanitation check lists name their area (a location) and operator for good; a template item names its area. Shown on
// the sanitation check list screen: the check list by day, the template item by name.
const checkList = (column: AnyPgColumn, refers: string): Reference => ({
  table: sanitationCheckLists,
  column,
  refers,
  screen: 'sanitationProcessCheckList',
  id: sql<string>`to_char(${sanitationCheckLists.checkDate}, 'YYYY-MM-DD')`,
  name: sql<string>`(select l.name from locations l where l.id = ${sanitationCheckLists.locationId})`,
  createdBy: sanitationCheckLists.createdBy,
  createdAt: sanitationCheckLists.createdAt,
});

// A visual inspection refers to its lot (if any) and its operator: shown on the visual inspection screen, by time.
const visual = (column: AnyPgColumn, refers: string): Reference => ({
  table: visualInspections,
  column,
  refers,
  screen: 'visualInspection',
  id: sql<string>`to_char(${visualInspections.inspectedAt}, 'YYYY-MM-DD HH24:MI')`,
  name: sql<string>`coalesce((select l.lot_id from lots l where l.id = ${visualInspections.lotRowId}), '-')`,
  createdBy: visualInspections.createdBy,
  createdAt: visualInspections.createdAt,
});

export const haccpReferences: Reference[] = [
  checkList(sanitationCheckLists.locationId, 'locations'),
  checkList(sanitationCheckLists.operatorId, 'users'),
  checkList(sanitationCheckLists.amendsId, 'sanitation_check_lists'),
  {
    table: sanitationTemplateItems,
    column: sanitationTemplateItems.locationId,
    refers: 'locations',
    screen: 'sanitationProcessCheckList',
    id: sanitationTemplateItems.id,
    name: sanitationTemplateItems.name,
    createdBy: sanitationTemplateItems.createdBy,
    createdAt: sanitationTemplateItems.createdAt,
  },
  visual(visualInspections.lotRowId, 'lots'),
  visual(visualInspections.operatorId, 'users'),
  visual(visualInspections.amendsId, 'visual_inspections'),
  record(ccpMonitorings.ccpId, 'ccps'),
  record(ccpMonitorings.operatorId, 'users'),
  record(ccpMonitorings.amendsId, 'ccp_monitorings'),
  {
    table: haccpSignatures,
    column: haccpSignatures.signerId,
    refers: 'users',
    screen: 'ccpMonitoring',
    id: sql<string>`${haccpSignatures.recordKind} || ' ' || ${haccpSignatures.recordId}::text`,
    name: haccpSignatures.meaning,
    createdBy: haccpSignatures.signerUserId,
    createdAt: haccpSignatures.signedAt,
  },
];
