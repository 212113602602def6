/**
 * The plain text every e-mail of the academy is written as: the greeting, the body lines, then the
 * academy's signature, each line ending with a newline.
 */
export function mailText(greeting: string, body: string[]): string {
  return [greeting, '', ...body, '', 'Kind regards,', 'AeroMaint Academy', ''].join('\n');
}
