import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { BANNER_TYPES, Messages } from '@inkwell/contracts';
import { formError, formProgress, formSuccess } from '../../../lib/notify.ts';
import { useUploadProfileImg } from '../api/update-profile-img.ts';

const FORM = 'profile-image';

/** Pick a png/jpg/jpeg, preview it, then Upload makes it the profile picture (and the top bar's). */
export function ProfileImagePicker({ current }: { current: string }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    if (picked && !(BANNER_TYPES as readonly string[]).includes(picked.type)) {
      formError(FORM, Messages.selectImage);
      event.target.value = '';
      return;
    }
    setFile(picked);
    setPreview(picked ? URL.createObjectURL(picked) : null);
  };

  const upload = useUploadProfileImg({
    onMutate: () => formProgress(FORM, 'Uploading…'),
    onSuccess: () => {
      setFile(null);
      setPreview(null);
      formSuccess(FORM, 'Profile picture updated');
    },
    onError: (e) => formError(FORM, e.message),
  });

  const onUpload = () => {
    if (file) upload.mutate(file);
    else formError(FORM, Messages.selectImage);
  };

  return (
    <div className="flex flex-col items-center gap-5 max-lg:mb-10">
      <label
        htmlFor={inputId}
        className="group relative block h-48 w-48 cursor-pointer overflow-hidden rounded-full bg-neutral-200"
      >
        <img
          src={preview ?? current}
          alt="Profile picture"
          className="h-full w-full object-cover"
          referrerPolicy="no-referrer"
        />
        <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-white opacity-0 group-hover:opacity-100 group-focus-within:opacity-100">
          Choose image
        </span>
        <input
          id={inputId}
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          aria-label="Choose a profile picture"
          className="sr-only"
          onChange={onPick}
        />
      </label>
      <button type="button" className="btn-light px-10" onClick={onUpload} disabled={upload.isPending}>
        Upload
      </button>
    </div>
  );
}
