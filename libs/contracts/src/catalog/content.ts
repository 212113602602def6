/** FAQ item (spec: shop §3). `youtube_key` is set for type youtube. */
export interface FaqItemDto {
  id: number;
  question: string;
  answer: string;
  type: 'text' | 'youtube';
  youtube_key: string | null;
  visible: boolean;
}

export interface ArticleDto {
  slug: string;
  title: string;
  /** Trusted HTML written by the company. */
  body: string;
  updated_at: string;
}

/** Home carousel slide (spec: learning §3). */
export interface SlideDto {
  image: string;
  body: string;
  path: string;
  buttonText: string;
  buttonClass: string;
}

export interface ClientLogoDto {
  name: string;
  image: string;
  url: string | null;
}
