/** The Secretary's Daily Brief: the one-page morning summary, on screen, in print and by mail. */
export default {};
