/**
 * The exact user-facing texts of docs/product/rules.md, shared by the web app and the server. The refusals
 * only the server makes, and every refusal's code, are in error-codes.ts.
 */
export const Messages = {
  fullnameTooShort: 'Fullname must be at least 3 letters long',
  enterEmail: 'Enter email',
  emailInvalid: 'Email is invalid',
  passwordRule: 'Password should be 6 to 20 characters long with a numeric, 1 lowercase and 1 uppercase letters',
  googleFailed: 'trouble login through google',
  loginSuccess: 'Login successfull',

  bannerRequired: 'Upload a blog banner to publish it',
  titleRequired: 'Write blog to publish it',
  contentRequired: 'Write something in your blog to publish it',
  draftTitleRequired: 'Write blog title before saving it as a draft',
  publishTitleRequired: 'Write blog title before publishing',
  descriptionRule: 'Write a description about your blog within 200 characters to publish',
  tagRequired: 'Enter at least 1 tag to help us rank your blog',
  maxTags: 'You can add max 10 Tags',
  selectImage: 'Please Select an Image',

  loginToComment: 'Please login to comment',
  commentEmpty: "Comment can't be empty",
  loginToReply: 'Please log in to reply.',
  loginToLike: 'Please login to like the blog',
  loginToBookmark: 'Please login to save blogs',

  fillAllFields: 'Please fill all the fields',
  usernameTooShort: 'Username must be atleast 3 characters long',
  bioTooLong: 'Bio must be less than 150 characters',

  fetchLatestFailed: 'Failed to fetch latest blogs',
  fetchCategoryFailed: 'Failed to fetch blogs by category',
  fetchTrendingFailed: 'Failed to fetch trending blogs',
  somethingWrong: 'Something went wrong',
  repliesFailed: 'Failed to load replies. Please try again.',
  deleteCommentFailed: 'Failed to delete comment. Please try again.',
  commentDeleted: 'Comment deleted successfully.',
  profileImageFailed: 'Failed to update profile image',
  uploadFailed: 'Failed to upload image',
  imageUploadFailed: 'Image upload failed',
  updateProfileFailed: 'Failed to update profile',

  linkFetchFailed: "Couldn't fetch the link data",
  linkWrongFormat: 'Wrong response format from the server',
  linkTryOther: "Couldn't get this link data, try the other one",
  linkInvalid: 'Pasted link is not valid.',
  editorImageFailed: 'Couldn’t upload image. Please try another.',
  embedNotObject: 'Embed Tool data should be object',
  readOnlySave: "Editor's content can not be saved in read-only mode",

  pageNotFound: 'Page not found',
} as const;
