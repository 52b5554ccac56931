export { TOOLS, CATEGORIES, type Tool, type Category } from '../../../domain/catalog.ts';
