import type { TeeRating } from './course';

/**
 * Sample courses for a fresh install. The names are real Australian public courses; the ratings,
 * pars and stroke indexes are plausible values made up for demonstration, NOT the official GA
 * ratings: every one is marked sampleData and the consoles label it "Sample data".
 */
export interface SeedCourse {
  readonly courseId: string;
  readonly name: string;
  readonly location: string;
  readonly tees: readonly TeeRating[];
}

const parsA = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 4, 5]; // par 72
const siA = [7, 3, 15, 11, 1, 9, 17, 5, 13, 8, 16, 2, 12, 6, 10, 18, 4, 14];
const parsB = [4, 3, 4, 5, 4, 4, 3, 4, 4, 4, 4, 3, 5, 4, 3, 4, 4, 5]; // par 71
const siB = [5, 17, 1, 11, 7, 3, 15, 9, 13, 6, 2, 16, 12, 4, 18, 8, 10, 14];
const parsC = [4, 4, 3, 4, 5, 3, 4, 4, 4, 4, 3, 4, 4, 5, 3, 4, 4, 4]; // par 70
const siC = [3, 9, 15, 1, 11, 17, 5, 7, 13, 4, 18, 2, 10, 12, 16, 6, 8, 14];
const front9 = (pars: number[], si: number[]) => ({
  pars: pars.slice(0, 9),
  // a 9-hole card ranks its own holes 1-9 (odd indexes of the 18-hole card in order)
  strokeIndexes: si.slice(0, 9).map((s) => si.slice(0, 9).filter((o) => o < s).length + 1),
});

export const SAMPLE_COURSES: readonly SeedCourse[] = [
  {
    courseId: 'moore-park',
    name: 'Moore Park Golf Course',
    location: 'Moore Park, NSW',
    tees: [
      { teeId: 'blue', name: 'Blue (men)', holes: 18, courseRating: 70.0, slopeRating: 124, pars: parsB, strokeIndexes: siB },
      { teeId: 'red', name: 'Red (women)', holes: 18, courseRating: 72.4, slopeRating: 127, pars: parsB, strokeIndexes: siB },
      { teeId: 'blue-front-9', name: 'Blue front 9', holes: 9, courseRating: 35.0, slopeRating: 123, ...front9(parsB, siB) },
    ],
  },
  {
    courseId: 'albert-park',
    name: 'Albert Park Golf Course',
    location: 'Albert Park, VIC',
    tees: [
      { teeId: 'white', name: 'White', holes: 18, courseRating: 71.0, slopeRating: 120, pars: parsA, strokeIndexes: siA },
      { teeId: 'red', name: 'Red', holes: 18, courseRating: 73.6, slopeRating: 126, pars: parsA, strokeIndexes: siA },
    ],
  },
  {
    courseId: 'victoria-park',
    name: 'Victoria Park Golf Complex',
    location: 'Herston, QLD',
    tees: [
      { teeId: 'blue', name: 'Blue', holes: 18, courseRating: 68.0, slopeRating: 118, pars: parsC, strokeIndexes: siC },
      { teeId: 'white-front-9', name: 'White front 9', holes: 9, courseRating: 33.6, slopeRating: 116, ...front9(parsC, siC) },
    ],
  },
  {
    courseId: 'collier-park',
    name: 'Collier Park Golf Course',
    location: 'Como, WA',
    tees: [{ teeId: 'blue', name: 'Blue', holes: 18, courseRating: 72.0, slopeRating: 129, pars: parsA, strokeIndexes: siA }],
  },
  {
    courseId: 'north-adelaide',
    name: 'North Adelaide Golf Course',
    location: 'North Adelaide, SA',
    tees: [{ teeId: 'white', name: 'White', holes: 18, courseRating: 69.0, slopeRating: 115, pars: parsB, strokeIndexes: siB }],
  },
];
