/** The addresses of one uploaded paper's pages (spec 001 §2: /paper/… with {id}/{schoolId}). */
export const paperPath = (page: 'record' | 'pdf' | 'split', id: number, schoolId: number) =>
  `/paper/${page}/${id}/${schoolId}`;
