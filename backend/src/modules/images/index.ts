/** The images module's public face: stored images (written only through ImagesService) and the multipart uploads that bring them. */
export { ImagesModule } from './images.module.js';
export { ImagesService, type HasIcon } from './images.service.js';
export { PictureRef } from './picture-ref.js';
export { BANNER_BOUNDS, ICON_BOUNDS, JsonPartWithImage, JsonPartWithImages, imageUrl, type UploadedImage, type UploadedImages, type WebpImage } from './image-upload.js';
