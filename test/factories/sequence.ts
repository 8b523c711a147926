let last = 0;

/** A number no other factory call in this test file has had: the unique part of default names. */
export function nextNumber(): number {
  last += 1;
  return last;
}

let lastDriverNumber = 99;

/** A driver number (0–999, unique in the database) no other factory call in this test file has had. */
export function nextDriverNumber(): number {
  lastDriverNumber += 1;
  if (lastDriverNumber > 999) throw new Error('Factories ran out of driver numbers (0–999) in one test file');
  return lastDriverNumber;
}
