import { CatalogErrorCode, type ArticleDto, type ClientLogoDto, type FaqItemDto, type SlideDto } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Editorial content of the public site: FAQ, articles, home slides and client logos. */
@Injectable()
export class ContentService {
  constructor(private readonly dataSource: DataSource) {}

  /** Only visible items reach the public FAQ. */
  faq(): Promise<FaqItemDto[]> {
    return this.dataSource.query(
      `SELECT id, question, answer, type, youtube_key, visible FROM catalog_cart.faq_items WHERE visible ORDER BY sort_order, id`,
    );
  }

  async article(slug: string): Promise<ArticleDto> {
    const [row]: (Omit<ArticleDto, 'updated_at'> & { updated_at: Date })[] = await this.dataSource.query(
      'SELECT slug, title, body, updated_at FROM catalog_cart.articles WHERE slug = $1',
      [slug],
    );
    if (!row) throw DomainError.notFound('This page does not exist.', CatalogErrorCode.ArticleNotFound);
    return { ...row, updated_at: row.updated_at.toISOString() };
  }

  slides(): Promise<SlideDto[]> {
    return this.dataSource.query(
      `SELECT image, body, path, button_text AS "buttonText", button_class AS "buttonClass"
         FROM catalog_cart.slides ORDER BY sort_order, id`,
    );
  }

  clientLogos(): Promise<ClientLogoDto[]> {
    return this.dataSource.query('SELECT name, image, url FROM catalog_cart.client_logos ORDER BY sort_order, id');
  }
}
