/**
 * A bank account the rules accept (a US checking account at Chase), for the tests that save one: the holder's name
 * and any field can be set. Without `current_password`: tests add the step-up's password where they call the API.
 */
export function bankAccountBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ann',
    lastName: 'Tester',
    birthdate: '1990-05-17',
    idType: 'passport',
    idNumber: 'X1234567',
    addressLine1: '1 Main Street',
    city: 'Springfield',
    postalCode: '12345',
    country: 'US',
    bankCountry: 'US',
    bankName: 'Chase',
    accountType: 'checking',
    accountNumber: '000123456789',
    ...overrides,
  };
}
