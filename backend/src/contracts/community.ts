/** Request shapes of the community domain (headlines, …) shared with the web client. Types only. */

/** `POST /api/headlines` and `PUT /api/headlines/{id}`. */
export interface HeadlineRequest {
  text: string;
}

/** `PUT /api/headlines/order`: every headline's id, in the order the banner runs them. */
export interface HeadlineOrderRequest {
  ids: number[];
}
