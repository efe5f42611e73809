// The parity scenario's steps (../scenario.mjs): Departments (reads only; no credentials checked).
import { MALFORMED_ID, UNKNOWN_ID, s } from './steps.mjs';

export function departmentSteps() {
  return [
    s('listDepartments.ok', 'listDepartments', {
      save: (v, b) => {
        v.department1 = Array.isArray(b) ? b[0]?._id : undefined;
      },
    }),
    s('listDepartments.none', 'listDepartments', { as: 'none' }),
    s('listDepartments.bad-token', 'listDepartments', { as: 'JWT not-a-token' }),
    s('listDepartments.guest', 'listDepartments', { as: 'guest' }),
    s('listDepartments.sort', 'listDepartments', { query: { sort: 'name' } }),
    s('getDepartment.ok', 'getDepartment', { path: (v) => ({ department_id: v.department1 }) }),
    s('getDepartment.default', 'getDepartment', { as: 'none', path: { department_id: 'default' } }),
    s('getDepartment.unknown', 'getDepartment', { path: { department_id: UNKNOWN_ID } }),
    s('getDepartment.malformed', 'getDepartment', { path: { department_id: MALFORMED_ID } }),
  ];
}
