/** Excel exports of the lists: sheet names, column headings, the export button. */
export default {};
