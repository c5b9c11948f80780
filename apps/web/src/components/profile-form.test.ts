import { describe, expect, it } from 'vitest';
import { photoProblem, profileErrors, profilePayload } from './profile-form.ts';

const valid = { username: '홍길동', email: '', phone: '', password: '', passwordConfirm: '', locationId: null };

describe('profile form rules (SPEC §5)', () => {
  it('accepts a valid form', () => {
    expect(profileErrors(valid, 'en')).toEqual({});
    expect(
      profileErrors(
        { ...valid, email: 'a@b.co', phone: '010-1234-5678', password: 'abcd1234', passwordConfirm: 'abcd1234' },
        'en',
      ),
    ).toEqual({});
  });

  it('requires the name', () => {
    expect(profileErrors({ ...valid, username: '  ' }, 'en').username).toBe('This field is required.');
    expect(profileErrors({ ...valid, username: '' }, 'kr').username).toBe('필수 입력 항목입니다.');
  });

  it('checks the phone against 000-0000-0000 with the contract message', () => {
    expect(profileErrors({ ...valid, phone: '010-123-4567' }, 'en').phone).toBe('Invalid phone number.[000-0000-0000]');
    expect(profileErrors({ ...valid, phone: '01012345678' }, 'kr').phone).toBe('잘못된 전화번호입니다.[000-0000-0000]');
    expect(profileErrors({ ...valid, phone: '010-1234-5678' }, 'en').phone).toBeUndefined();
  });

  it('checks the email format', () => {
    expect(profileErrors({ ...valid, email: 'not-an-email' }, 'en').email).toBe('Invalid email format.');
  });

  it('applies the password rule and the confirmation', () => {
    expect(profileErrors({ ...valid, password: 'short1', passwordConfirm: 'short1' }, 'en').password).toBe(
      'The password needs at least 8 characters with letters and digits.',
    );
    expect(profileErrors({ ...valid, password: 'abcdefgh', passwordConfirm: 'abcdefgh' }, 'en').password).toBeDefined();
    expect(profileErrors({ ...valid, password: 'abcd1234', passwordConfirm: 'abcd12345' }, 'en').passwordConfirm).toBe(
      'The passwords do not match.',
    );
    expect(profileErrors({ ...valid, passwordConfirm: 'abcd1234' }, 'en').passwordConfirm).toBe(
      'The passwords do not match.',
    );
  });

  it('sends empty texts as null and no password unless one was typed', () => {
    expect(profilePayload({ ...valid, username: ' Kim ' })).toEqual({
      username: 'Kim',
      email: null,
      phone: null,
      locationId: null,
    });
    expect(
      profilePayload({ ...valid, password: 'abcd1234', passwordConfirm: 'abcd1234', locationId: 7 }),
    ).toMatchObject({
      password: 'abcd1234',
      passwordConfirm: 'abcd1234',
      locationId: 7,
    });
  });
});

describe('profile photo (SPEC §5)', () => {
  it('accepts an image of at most 100 KB', () => {
    expect(photoProblem({ type: 'image/png', size: 100 * 1024 }, 'en')).toBeNull();
  });

  it('warns for a file that is not an image', () => {
    expect(photoProblem({ type: 'application/pdf', size: 10 }, 'en')).toBe('Only images can be uploaded.');
    expect(photoProblem({ type: 'text/plain', size: 10 }, 'kr')).toBe('이미지만 업로드할 수 있습니다.');
  });

  it('warns for an image over 100 KB', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 100 * 1024 + 1 }, 'en')).toBe('The file must be at most 100 KB.');
  });
});
