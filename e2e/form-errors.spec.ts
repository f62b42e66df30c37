import { ErrorMessages, Messages } from '@inkwell/contracts';
import { openComments, publishedBlog } from './support/conversation.ts';
import { createBlog, createUser, expect, signIn, test } from './support/fixtures.ts';
import { expectNoRefusal, expectRefusalBeside } from './support/form-errors.ts';

test('sign-up and sign-in: each rule and the server’s refusal sit under their field until it is edited', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 409/);
  const taken = await createUser(request);
  await page.goto('/signup');
  const fullname = page.getByLabel('Full Name');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  const signUp = page.getByRole('button', { name: 'Sign Up' });

  await fullname.fill('Al');
  await signUp.click();
  await expectRefusalBeside(fullname, Messages.fullnameTooShort);
  await fullname.fill('Alan Turing');
  await expectNoRefusal(fullname, Messages.fullnameTooShort);

  await signUp.click();
  await expectRefusalBeside(email, Messages.enterEmail);
  await email.fill('alan@machine');
  await expectNoRefusal(email, Messages.enterEmail);
  await signUp.click();
  await expectRefusalBeside(email, Messages.emailInvalid);

  await email.fill(taken.email);
  await password.fill('secret');
  await signUp.click();
  await expectRefusalBeside(password, Messages.passwordRule);
  await password.fill('Secret123');
  await expectNoRefusal(password, Messages.passwordRule);

  await signUp.click();
  await expectRefusalBeside(email, ErrorMessages.email_taken);

  await page.getByRole('link', { name: 'Sign in here' }).click();
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectRefusalBeside(page.getByLabel('Email'), Messages.enterEmail);
});

test('forgot and reset password: the e-mail and the new password rules sit under their field', async ({ page }) => {
  await page.goto('/forgot-password');
  const email = page.getByLabel('Email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectRefusalBeside(email, Messages.enterEmail);
  await email.fill('someone@');
  await expectNoRefusal(email, Messages.enterEmail);

  await page.goto(`/reset-password/${'x'.repeat(43)}`);
  const password = page.getByLabel('New Password', { exact: true });
  await password.fill('weakpass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectRefusalBeside(password, Messages.passwordRule);
  await password.fill('Better123');
  await expectNoRefusal(password, Messages.passwordRule);
});

test('edit profile: username, bio and link rules, and a taken username, sit under their field', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 409/);
  const holder = await createUser(request);
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/settings/edit-profile');
  const username = page.getByLabel('Username');
  const bio = page.getByLabel('Bio');
  const update = page.getByRole('button', { name: 'Update' });

  await username.fill('ed');
  await update.click();
  await expectRefusalBeside(username, Messages.usernameTooShort);
  await username.fill(holder.username.toUpperCase());
  await expectNoRefusal(username, Messages.usernameTooShort);

  // The box stops at 150 characters; the rule still holds when that limit is taken away.
  await bio.evaluate((box) => box.removeAttribute('maxlength'));
  await bio.fill('b'.repeat(151));
  await update.click();
  await expectRefusalBeside(bio, Messages.bioTooLong);
  await bio.fill('Writes.');
  await expectNoRefusal(bio, Messages.bioTooLong);

  const instagram = page.getByLabel('Instagram');
  await instagram.fill('https://example.com/me');
  await update.click();
  await expectRefusalBeside(instagram, 'Instagram link must be an https://instagram.com address');
  await instagram.fill('');

  await update.click();
  await expectRefusalBeside(username, ErrorMessages.username_taken);
});

test('publish settings: title, description and tag rules sit under their field', async ({ page, request, baseURL }) => {
  const user = await createUser(request);
  const id = await createBlog(request, user, {
    title: 'Spring notes',
    draft: true,
    banner: `${baseURL}/favicon.svg`,
    des: '',
    tags: [],
  });
  await signIn(page, user);
  await page.goto(`/editor/${id}`);
  await expect(page.getByRole('textbox', { name: 'Blog Title' })).toHaveValue('Spring notes');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Publish settings' });
  const publish = settings.getByRole('button', { name: 'Publish', exact: true });

  const title = settings.getByLabel('Blog Title');
  await title.fill(' ');
  await publish.click();
  await expectRefusalBeside(title, Messages.publishTitleRequired);
  await title.fill('Spring on the coast');
  await expectNoRefusal(title, Messages.publishTitleRequired);

  const description = settings.getByLabel('Short description about your blog');
  await publish.click();
  await expectRefusalBeside(description, Messages.descriptionRule);
  await description.fill('Cliffs and terns.');
  await expectNoRefusal(description, Messages.descriptionRule);

  const topics = settings.getByLabel('Topics');
  await publish.click();
  await expectRefusalBeside(topics, Messages.tagRequired);
  await topics.fill('birds');
  await topics.press('Enter');
  await expectNoRefusal(topics, Messages.tagRequired);

  for (const tag of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) {
    await topics.fill(tag);
    await topics.press('Enter');
  }
  await topics.fill('eleventh');
  await topics.press('Enter');
  await expectRefusalBeside(topics, Messages.maxTags);
  await settings.getByRole('button', { name: 'Remove tag a' }).click();
  await expectNoRefusal(topics, Messages.maxTags);
});

test('an empty comment’s message sits under the comment box until it is edited', async ({ page, request }) => {
  const blog = await publishedBlog(request, await createUser(request));
  await signIn(page, await createUser(request));
  const panel = await openComments(page, blog);
  const box = panel.getByRole('textbox', { name: 'Your comment' });
  await box.fill('   ');
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  await expectRefusalBeside(box, Messages.commentEmpty);
  await box.fill('Lovely.');
  await expectNoRefusal(box, Messages.commentEmpty);
});
