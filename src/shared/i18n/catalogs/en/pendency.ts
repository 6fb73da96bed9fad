/** Pendency and ageing: who holds how much open work, for how long; the weekly trend. */
export default {};
