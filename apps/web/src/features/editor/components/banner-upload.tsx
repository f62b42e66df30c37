import { useId, type ChangeEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { BANNER_TYPES, EditorMessages, Messages } from '@inkwell/contracts';
import { ApiError } from '../../../lib/api.ts';
import { useUploadImage } from '../../../lib/upload-image.ts';

/** docs/product/rules.md Banner upload: a png, jpg or jpeg goes to our upload endpoint and becomes the banner. */
export function BannerUpload({ banner, onChange }: { banner: string; onChange: (url: string) => void }) {
  const inputId = useId();
  const upload = useUploadImage({
    onMutate: () => toast.loading(EditorMessages.uploadingBanner),
    onSuccess: (url) => {
      onChange(url);
      toast.success(EditorMessages.bannerUploaded);
    },
    // The server's reason when it refused this file (too big, not an image…), ours otherwise.
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? error.message
          : Messages.imageUploadFailed,
      ),
    onSettled: (_url, _error, _file, loading) => toast.dismiss(loading),
  });
  const uploading = upload.isPending;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !(BANNER_TYPES as readonly string[]).includes(file.type)) {
      toast.error(Messages.selectImage);
      return;
    }
    upload.mutate(file);
  };

  return (
    <label
      htmlFor={inputId}
      className="relative flex aspect-video cursor-pointer items-center justify-center overflow-hidden rounded-md border-4 border-neutral-100 bg-neutral-50 hover:opacity-80 has-focus-visible:outline-2 has-focus-visible:outline-neutral-400"
    >
      {banner ? (
        <img src={banner} alt="Blog banner" className="h-full w-full object-cover" />
      ) : (
        <span className="px-4 text-center text-neutral-500">
          {uploading ? EditorMessages.uploadingBanner : 'Upload a blog banner (png, jpg or jpeg)'}
        </span>
      )}
      <input
        id={inputId}
        type="file"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        aria-label={banner ? 'Change the blog banner' : 'Upload a blog banner'}
        className="sr-only"
        disabled={uploading}
        onChange={onPick}
      />
    </label>
  );
}
