import { describe, expect, it } from 'vitest';
import { authError, passwordError } from './auth-rules.ts';
import { publishError, tagsError } from './blog.ts';
import { commentError } from './comment-rules.ts';
import { ComposedErrors, ERROR_CODES, ErrorCode, ErrorMessages, type FieldRefusal } from './error-codes.ts';
import { publishAtError } from './publishing.ts';
import { changePasswordError, profileError, socialLinkError } from './settings-rules.ts';

/**
 * Every code published so far. A client may switch on any of them, so none may go or be renamed:
 * a new code is added here, a code is never taken out.
 */
const PUBLISHED = `
  invalid_json empty_body body_too_deep body_too_large nul_character unsupported_content_type
  invalid_content_length invalid_url url_too_long invalid_request malformed_request request_timeout
  headers_too_large not_found unauthorized like_unauthorized bookmark_unauthorized follow_unauthorized
  fullname_too_short email_required email_invalid password_invalid email_taken wrong_credentials
  google_account_sign_in google_sign_in_failed google_email_unverified google_email_taken reset_link_invalid
  fields_required username_too_short username_too_long username_invalid_characters username_taken bio_too_long
  image_not_stored wrong_current_password google_account_password_change title_too_long draft_title_required
  publish_title_required title_required banner_required banner_invalid content_required description_invalid
  tags_required too_many_tags tag_too_long blog_not_found blog_edit_forbidden blog_delete_forbidden blog_changed
  publish_time_invalid publish_time_past draft_with_publish_time published_blog_schedule blog_already_published
  published_blog_preview preview_link_invalid comment_empty comment_too_long comment_not_found
  comment_delete_forbidden user_not_found tag_not_found self_follow self_subscription subscription_link_invalid
  image_required multipart_expected too_many_files too_many_fields file_empty unsupported_image_type image_invalid
  image_too_many_pixels storage_full storage_read_only too_many_streams activitypub_only internal_error
  database_unavailable database_not_answering server_restarting validation_failed rate_limited invalid_block
  social_link_invalid file_too_large fetch_failed
  registration_closed account_suspended account_silenced staff_only admin_only role_change_forbidden
  standing_change_forbidden ownership_transfer_forbidden domain_invalid own_domain domain_already_blocked
  domain_not_blocked domain_blocked
  self_block blocked_by_author blocked_by_commenter blocked_by_member member_blocked content_action_forbidden
  application_reason_required application_pending application_not_found invite_required invite_invalid
  invite_not_found member_delete_forbidden confirmation_mismatch
  self_report already_reported
  bulk_count_changed bulk_action_not_found
  trust_change_forbidden blog_not_awaiting_review
  email_unverified verification_link_invalid email_already_verified email_domain_blocked mail_not_configured
  proof_of_work_required proof_of_work_failed
  import_file_required import_site_url_invalid import_not_found
  password_confirmation_required google_confirmation_required delete_wrong_password google_confirmation_failed
  owner_cannot_leave
`
  .trim()
  .split(/\s+/);

describe('the catalogue of refusals', () => {
  it('keeps every code it ever published', () => {
    expect(ERROR_CODES).toEqual(expect.arrayContaining(PUBLISHED));
  });

  it('names each refusal once, in lower snake_case', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(Object.keys(ErrorMessages).filter((code) => code in ComposedErrors)).toEqual([]);
  });

  it('gives each fixed refusal a message of its own, so a schema refusing in it names one code', () => {
    const messages = Object.values(ErrorMessages);
    expect(messages.every((message) => message.trim() !== '')).toBe(true);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('is the schema of the code every error answer carries', () => {
    expect(ERROR_CODES.every((code) => ErrorCode.safeParse(code).success)).toBe(true);
    expect(ErrorCode.safeParse('no_such_code').success).toBe(false);
  });

  it('is what the shared rules refuse with, code and message together', () => {
    const refusals: (FieldRefusal | null)[] = [
      authError({ fullname: 'Al', email: 'a@b.com', password: 'Secret123' }),
      authError({ email: ' ', password: 'Secret123' }),
      authError({ email: 'nope', password: 'Secret123' }),
      passwordError('short'),
      publishError({ title: 'T', banner: 'b', des: 'd', tags: [], blocks: [{}] }),
      tagsError(['x'.repeat(51)]),
      commentError(' '),
      commentError('x'.repeat(2001)),
      profileError({ username: 'a b', bio: '' }),
      changePasswordError({ currentPassword: '', newPassword: '' }),
      publishAtError('2000-01-01T00:00:00Z', new Date()),
    ];
    for (const refusal of refusals) {
      expect(refusal).not.toBeNull();
      expect(refusal!.message).toBe(ErrorMessages[refusal!.code as keyof typeof ErrorMessages]);
    }
    expect(socialLinkError({ github: 'https://example.com/me' })).toEqual({
      field: 'github',
      code: 'social_link_invalid',
      message: 'GitHub link must be an https://github.com address',
    });
  });
});
