/**
 * Departments, as the server's `routes/department.js` over `models/department.js` answers its two
 * reads, which check no credentials (the chat widget lists departments anonymously):
 *
 * - `listDepartments`: `Department.find({id_project, status: 1})`, a plain array in insertion
 *   order; with a truthy `sort`, ordered by name ascending (MongoDB's binary order of strings).
 *   (The server lists only the default department of a project whose trial expired or whose paid
 *   plan is inactive: the mock's projects have no plan, as a new project on the real server.)
 * - `getDepartment`: `default` is `findOne({id_project, default: true})`, answered as found (`null`
 *   when none); any other value is `findById` (any project), 404 `Object not found.`, and 500
 *   `Error getting object.` for an id that is no ObjectId.
 *
 * Answers carry the model's defaults and its `toJSON` virtuals, `hasBot` and `id`; conversations
 * embed the same JSON when they populate their department (./messages.ts).
 */
import type { Department as DepartmentJson } from '@supportkb/sdk';
import { truthy } from '../http/request';
import { failMsg, objectNotFound, ok } from '../http/results';
import { CastError, findById } from '../mongoose/documents';
import type { HandlerGroup } from '../service/context';
import type { Department } from '../state/store';

/** A department as the server's JSON sends it: the model's defaults, the document, and the virtuals `hasBot` and `id`. */
export function departmentJson(department: Department): DepartmentJson {
  const doc = structuredClone(department);
  return { status: 1, groups: [], tags: [], ...doc, hasBot: doc.id_bot !== undefined && doc.id_bot !== null, id: doc._id };
}

/** MongoDB's order of two strings (binary, as `sort({name: 'asc'})` without a collation). */
const byName = (a: Department, b: Department): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Handlers of listDepartments, getDepartment. */
export const departmentHandlers = {
  listDepartments: {
    handle({ core, projectId, raw }) {
      const visible = [...core.store.departments.values()].filter((d) => d.id_project === projectId && (d.status ?? 1) === 1);
      if (truthy(raw.query.sort)) visible.sort(byName);
      return ok(visible.map(departmentJson));
    },
  },

  getDepartment: {
    handle({ core, projectId, raw }) {
      const id = raw.path.department_id!;
      if (id === 'default') {
        const found = [...core.store.departments.values()].find((d) => d.id_project === projectId && d.default === true);
        return ok(found ? departmentJson(found) : null);
      }
      try {
        const found = findById(core.store.departments, id);
        return found ? ok(departmentJson(found)) : objectNotFound();
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error getting object.');
        throw error;
      }
    },
  },
} satisfies HandlerGroup;
